enum Align { left, center, right }
/// Bad identifiers in examples.
tool f(a: Align, b: string, @example(lefty) c: Align = left) -> bool {
    example { a: centre, b: hello }
    example { a: left, a: right }
    example { unknown: left }
}
