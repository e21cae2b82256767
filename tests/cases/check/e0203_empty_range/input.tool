/// A small count.
type Small = int in ..=5;

/// Pick some nodes at random from the current page.
@allow(missing_example)
tool pick_nodes(
    /// How many nodes to pick.
    n: int in 10..=1,
    /// Ratio of nodes to pick.
    ratio: number in 0.5<..0.5,
    /// No integer lies strictly between 1 and 2.
    gap: int in 1<..2,
    /// Labels of the picked nodes.
    tags: [string] len 3..=2,
    /// A small number, narrowed further.
    small: Small in 10..,
    /// A step of zero.
    step: number multiple_of 0,
);
