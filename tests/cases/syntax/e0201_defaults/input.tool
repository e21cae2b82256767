enum Align { left, center, right }
struct S { a: Align = lft }
/// Bad identifiers in defaults.
tool f(
    a: Align = centre,
    b: string = hello,
    c: [Align] = [left, rigth],
    d: Align = Align,
    e: bool = True,
    f: string | null = None,
) -> bool;
