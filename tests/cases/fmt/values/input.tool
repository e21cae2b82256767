package values;

enum Unit { celsius, fahrenheit }

struct Options {
    unit: Unit = celsius,
    depth: int = 2,
}

/// Values of every kind.
tool measure(
    unit: Unit = fahrenheit,
    options: Options = {unit: celsius, depth: 3},
    labels: [string] = ["a", "b",],
    nothing?: string | null = null,
    flag: bool = true,
    ratio: number = -0.5,
    big: number = 1e10,
    /// A default too long for one line breaks into one entry per line.
    matrix: [[number]] = [[1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0], [11.0, 12.0, 13.0, 14.0, 15.0]],
) {
    example "Short" { unit: celsius }
    example { unit: fahrenheit, options: { unit: fahrenheit, depth: 1 }, labels: ["first label", "second label", "third label"], flag: false }
    example "Empty" {}
}
