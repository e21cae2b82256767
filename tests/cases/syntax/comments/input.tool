// A leading comment.
//// Four slashes: an ordinary comment.

/// Doc of f. // not a comment inside a doc
tool f( // after the paren
    a: int, // trailing
    // on its own line
    b: string = "// not a comment",
) -> bool; // done
