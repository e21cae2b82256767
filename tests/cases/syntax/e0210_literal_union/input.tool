/// Mixed literals.
tool f(a: "a" | 1, b: 1 | 2 | "three" | null) -> bool;
