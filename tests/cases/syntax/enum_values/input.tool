enum Align { left, center, right, "top-left" }
type Alias = Align;

struct Style {
    align: Align = left,
    aligns: [Align] = [left, right],
    by_name: map<string, Align> = { title: center },
}

/// Enum defaults and examples written as identifiers.
tool f(
    a: Align = center,
    b: Align = "top-left",
    c: Alias = right,
    d?: Align | null = left,
    e: "fast" | "slow" = fast,
    style: Style = { align: right, aligns: [center] },
    many: [Align] = [left, "top-left"],
) -> bool {
    example { a: left, style: { align: center }, many: [right] }
}
