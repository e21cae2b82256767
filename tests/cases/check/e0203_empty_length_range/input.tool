/// Pick some nodes at random from the current page.
@allow(missing_example)
tool pick_nodes(
    /// `..0` excludes 0: no length is below it.
    name: string len ..0,
    /// `3..3` excludes its end: read as "exactly 3" by mistake.
    tags: [string] len 3..3,
    /// A start above the end.
    weights: map<string, int> len 5..2,
    /// No whole length lies strictly between 2 and 3.
    code: string len 2<..3,
    /// Not empty: exactly 2 characters.
    pair: string len 2..3,
    /// Not empty: `..=0` allows exactly the empty string.
    empty: string len ..=0,
);
