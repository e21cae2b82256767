/// Unterminated string.
tool f(a: string = "abc) -> bool;

/// Recovered.
tool g(a: int) -> bool;

/// Unclosed parameter list.
tool h(a: int -> bool;
