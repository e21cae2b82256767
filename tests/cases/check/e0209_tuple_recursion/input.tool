/// A pair that always holds another pair: no value of it ends.
struct Pair {
    /// The next pair and a weight.
    next: (Pair, int),
}

/// A chain whose tuple may be null: it ends.
struct Chain {
    /// The next link and a weight, or null at the end.
    next: (Chain, int) | null,
}
