//! A chain of structs: each level is fine on its own, but written out in
//! place (as the JSON targets do) the chain nests two JSON levels a struct,
//! 133 in all: E0003 once, at `S2`, where it crosses 127.
package chain;

/// Level 0.
struct S0 {
    /// Next level.
    next?: S1,
}

/// Level 1.
struct S1 {
    /// Next level.
    next?: S2,
}

/// Level 2.
struct S2 {
    /// Next level.
    next?: S3,
}

/// Level 3.
struct S3 {
    /// Next level.
    next?: S4,
}

/// Level 4.
struct S4 {
    /// Next level.
    next?: S5,
}

/// Level 5.
struct S5 {
    /// Next level.
    next?: S6,
}

/// Level 6.
struct S6 {
    /// Next level.
    next?: S7,
}

/// Level 7.
struct S7 {
    /// Next level.
    next?: S8,
}

/// Level 8.
struct S8 {
    /// Next level.
    next?: S9,
}

/// Level 9.
struct S9 {
    /// Next level.
    next?: S10,
}

/// Level 10.
struct S10 {
    /// Next level.
    next?: S11,
}

/// Level 11.
struct S11 {
    /// Next level.
    next?: S12,
}

/// Level 12.
struct S12 {
    /// Next level.
    next?: S13,
}

/// Level 13.
struct S13 {
    /// Next level.
    next?: S14,
}

/// Level 14.
struct S14 {
    /// Next level.
    next?: S15,
}

/// Level 15.
struct S15 {
    /// Next level.
    next?: S16,
}

/// Level 16.
struct S16 {
    /// Next level.
    next?: S17,
}

/// Level 17.
struct S17 {
    /// Next level.
    next?: S18,
}

/// Level 18.
struct S18 {
    /// Next level.
    next?: S19,
}

/// Level 19.
struct S19 {
    /// Next level.
    next?: S20,
}

/// Level 20.
struct S20 {
    /// Next level.
    next?: S21,
}

/// Level 21.
struct S21 {
    /// Next level.
    next?: S22,
}

/// Level 22.
struct S22 {
    /// Next level.
    next?: S23,
}

/// Level 23.
struct S23 {
    /// Next level.
    next?: S24,
}

/// Level 24.
struct S24 {
    /// Next level.
    next?: S25,
}

/// Level 25.
struct S25 {
    /// Next level.
    next?: S26,
}

/// Level 26.
struct S26 {
    /// Next level.
    next?: S27,
}

/// Level 27.
struct S27 {
    /// Next level.
    next?: S28,
}

/// Level 28.
struct S28 {
    /// Next level.
    next?: S29,
}

/// Level 29.
struct S29 {
    /// Next level.
    next?: S30,
}

/// Level 30.
struct S30 {
    /// Next level.
    next?: S31,
}

/// Level 31.
struct S31 {
    /// Next level.
    next?: S32,
}

/// Level 32.
struct S32 {
    /// Next level.
    next?: S33,
}

/// Level 33.
struct S33 {
    /// Next level.
    next?: S34,
}

/// Level 34.
struct S34 {
    /// Next level.
    next?: S35,
}

/// Level 35.
struct S35 {
    /// Next level.
    next?: S36,
}

/// Level 36.
struct S36 {
    /// Next level.
    next?: S37,
}

/// Level 37.
struct S37 {
    /// Next level.
    next?: S38,
}

/// Level 38.
struct S38 {
    /// Next level.
    next?: S39,
}

/// Level 39.
struct S39 {
    /// Next level.
    next?: S40,
}

/// Level 40.
struct S40 {
    /// Next level.
    next?: S41,
}

/// Level 41.
struct S41 {
    /// Next level.
    next?: S42,
}

/// Level 42.
struct S42 {
    /// Next level.
    next?: S43,
}

/// Level 43.
struct S43 {
    /// Next level.
    next?: S44,
}

/// Level 44.
struct S44 {
    /// Next level.
    next?: S45,
}

/// Level 45.
struct S45 {
    /// Next level.
    next?: S46,
}

/// Level 46.
struct S46 {
    /// Next level.
    next?: S47,
}

/// Level 47.
struct S47 {
    /// Next level.
    next?: S48,
}

/// Level 48.
struct S48 {
    /// Next level.
    next?: S49,
}

/// Level 49.
struct S49 {
    /// Next level.
    next?: S50,
}

/// Level 50.
struct S50 {
    /// Next level.
    next?: S51,
}

/// Level 51.
struct S51 {
    /// Next level.
    next?: S52,
}

/// Level 52.
struct S52 {
    /// Next level.
    next?: S53,
}

/// Level 53.
struct S53 {
    /// Next level.
    next?: S54,
}

/// Level 54.
struct S54 {
    /// Next level.
    next?: S55,
}

/// Level 55.
struct S55 {
    /// Next level.
    next?: S56,
}

/// Level 56.
struct S56 {
    /// Next level.
    next?: S57,
}

/// Level 57.
struct S57 {
    /// Next level.
    next?: S58,
}

/// Level 58.
struct S58 {
    /// Next level.
    next?: S59,
}

/// Level 59.
struct S59 {
    /// Next level.
    next?: S60,
}

/// Level 60.
struct S60 {
    /// Next level.
    next?: S61,
}

/// Level 61.
struct S61 {
    /// Next level.
    next?: S62,
}

/// Level 62.
struct S62 {
    /// Next level.
    next?: S63,
}

/// Level 63.
struct S63 {
    /// Next level.
    next?: S64,
}

/// Level 64.
struct S64 {
    /// Next level.
    next?: S65,
}

/// Level 65.
struct S65 {
    /// Value.
    value: string,
}

/// A recursive type is referenced, not written out: it ends the count.
struct Tree {
    /// Children.
    children: [Tree],
    /// Payload.
    leaf?: S10,
}

/// Read the chain of levels.
tool get_chain(
    /// The chain.
    chain: S0,
    /// A tree.
    tree: Tree,
);
