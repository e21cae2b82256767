/// Numbers and strings that are malformed.
tool f(
    a: int = 99999999999999999999,
    b: number = 1e999,
    c: string = "\ud800",
    d: int in ..,
    e: int in 1<..=,
    f: string len -1..,
    g: string len 9223372036854775807<..,
) -> bool;
