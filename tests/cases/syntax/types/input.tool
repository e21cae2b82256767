/// Every type form.
tool f(
    s: string,
    i: int,
    n: number,
    b: bool,
    j: json,
    a: [string],
    nested: [[int]],
    m: map<string, [int]>,
    lit_s: "a" | "b" | "New York",
    lit_n: 100 | 200 | 0.5 | -1,
    scalars: string | int,
    nullable: int | null,
    nullable_lit: "x" | "y" | null,
    mixed: "auto" | int,
    out_null: null | string,
) -> [string] | null;
