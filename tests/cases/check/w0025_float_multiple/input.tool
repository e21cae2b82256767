/// A price, in pounds.
struct Price {
    /// The amount, to the penny.
    amount: number multiple_of 0.01,
}

/// Convert an amount of money between two currencies at today's rate.
tool convert_currency(
    /// Amount to convert, to the penny.
    amount: number in 0<..1e12 multiple_of 0.01 = 0.57,
    /// A weight between 0 and 1, in tenths.
    weight: number in 0..=1 multiple_of 0.1 = 0.3,
    /// Prices to convert too.
    prices: [Price] = [],
) {
    example "Pounds" { amount: 19.99 }
    example "Exact" { amount: 19.5, weight: 0.5, prices: [{ amount: 1.1 }, { amount: 1.15 }] }
}
