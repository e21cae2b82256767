//! Every type is within the limit, but the tool is too deep as JSON: each
//! struct opens two JSON levels (`properties`, then the field) and each
//! nullable one two more (`anyOf`, then the member), so `Level0` is written
//! out 4 levels per struct and the MCP document nests 128 levels, one more
//! than serde_json reads. `Level1` is one struct shorter and fits.
package levels;

/// Level 0 of the outline.
struct Level0 {
    /// The level below, if any.
    below?: Level1 | null,
}

/// Level 1 of the outline.
struct Level1 {
    /// The level below, if any.
    below?: Level2 | null,
}

/// Level 2 of the outline.
struct Level2 {
    /// The level below, if any.
    below?: Level3 | null,
}

/// Level 3 of the outline.
struct Level3 {
    /// The level below, if any.
    below?: Level4 | null,
}

/// Level 4 of the outline.
struct Level4 {
    /// The level below, if any.
    below?: Level5 | null,
}

/// Level 5 of the outline.
struct Level5 {
    /// The level below, if any.
    below?: Level6 | null,
}

/// Level 6 of the outline.
struct Level6 {
    /// The level below, if any.
    below?: Level7 | null,
}

/// Level 7 of the outline.
struct Level7 {
    /// The level below, if any.
    below?: Level8 | null,
}

/// Level 8 of the outline.
struct Level8 {
    /// The level below, if any.
    below?: Level9 | null,
}

/// Level 9 of the outline.
struct Level9 {
    /// The level below, if any.
    below?: Level10 | null,
}

/// Level 10 of the outline.
struct Level10 {
    /// The level below, if any.
    below?: Level11 | null,
}

/// Level 11 of the outline.
struct Level11 {
    /// The level below, if any.
    below?: Level12 | null,
}

/// Level 12 of the outline.
struct Level12 {
    /// The level below, if any.
    below?: Level13 | null,
}

/// Level 13 of the outline.
struct Level13 {
    /// The level below, if any.
    below?: Level14 | null,
}

/// Level 14 of the outline.
struct Level14 {
    /// The level below, if any.
    below?: Level15 | null,
}

/// Level 15 of the outline.
struct Level15 {
    /// The level below, if any.
    below?: Level16 | null,
}

/// Level 16 of the outline.
struct Level16 {
    /// The level below, if any.
    below?: Level17 | null,
}

/// Level 17 of the outline.
struct Level17 {
    /// The level below, if any.
    below?: Level18 | null,
}

/// Level 18 of the outline.
struct Level18 {
    /// The level below, if any.
    below?: Level19 | null,
}

/// Level 19 of the outline.
struct Level19 {
    /// The level below, if any.
    below?: Level20 | null,
}

/// Level 20 of the outline.
struct Level20 {
    /// The level below, if any.
    below?: Level21 | null,
}

/// Level 21 of the outline.
struct Level21 {
    /// The level below, if any.
    below?: Level22 | null,
}

/// Level 22 of the outline.
struct Level22 {
    /// The level below, if any.
    below?: Level23 | null,
}

/// Level 23 of the outline.
struct Level23 {
    /// The level below, if any.
    below?: Level24 | null,
}

/// Level 24 of the outline.
struct Level24 {
    /// The level below, if any.
    below?: Level25 | null,
}

/// Level 25 of the outline.
struct Level25 {
    /// The level below, if any.
    below?: Level26 | null,
}

/// Level 26 of the outline.
struct Level26 {
    /// The level below, if any.
    below?: Level27 | null,
}

/// Level 27 of the outline.
struct Level27 {
    /// The level below, if any.
    below?: Level28 | null,
}

/// Level 28 of the outline.
struct Level28 {
    /// The level below, if any.
    below?: Level29 | null,
}

/// Level 29 of the outline.
struct Level29 {
    /// The level below, if any.
    below?: Level30 | null,
}

/// Level 30 of the outline.
struct Level30 {
    /// The text at the bottom.
    text: string,
}

/// Store an outline, from its top level down.
@allow(W0004, W0007, W0008, W0011)
tool store_outline(
    /// The top level.
    top: Level0,
);

/// Store an outline that starts one level down.
@allow(W0007, W0008, W0011)
tool store_suboutline(
    /// The top level.
    top: Level1,
);
