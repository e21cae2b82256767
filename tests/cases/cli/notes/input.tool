//! A small notes service: the tool set every command-line case runs against.
package notes;

/// A stored note.
struct Note {
    /// The note's id.
    id: int in 1..,
    /// The note's text.
    text: string len 1..=100,
}

/// Where a note is written.
struct Target {
    /// The note's id.
    id: int in 1..,
    /// The account key used to write.
    @secret key: string,
}

/// Read one note by id. Fails with `not_found` when no note has this id.
@core @idempotent @requires("notes:read")
tool get_note(
    /// The note to read.
    id: int in 1..,
) -> Note {
    error not_found "No note has this id." help "Call search_notes to find ids.";
    example "Read the first note" { id: 1 }
}

/// Search notes for a text and return the best matches first.
@core @idempotent
tool search_notes(
    /// The text to find.
    query: string len 1..,
    /// Most notes to return.
    limit: int in 1..=10 = 5,
    /// Match whole words only.
    exact: bool = false,
    /// Order of the results.
    order: "newest" | "oldest" = "newest",
    /// Only notes with every one of these tags.
    tags?: [string],
    /// Lowest score a note needs.
    min_score?: number in 0..=1,
) -> [Note] {
    example "Find notes about rust" { query: "rust", limit: 2 }
}

/// Write a note's text. A person approves each call before it runs. Fails
/// with `conflict` (retryable) when the note changed since it was read.
@allow(W0007, W0008)
@core @mutates @confirm @risk(medium) @requires("notes:write")
tool write_note(
    /// Where to write.
    target: Target,
    /// The new text.
    text: string len 1..=100,
) -> Note {
    error conflict "The note changed since it was read." help "Read it again, then retry." retryable;
}

/// Delete notes for good. A person approves each call before it runs.
@core @mutates @destructive @confirm @risk(high) @requires("notes:write", "notes:delete")
tool delete_notes(
    /// The notes to delete.
    ids: [int in 1..] len 1..,
);

/// Rebuild the search index with field weights.
@allow(W0008, W0011, W0014)
@extended @mutates @idempotent @timeout(5s)
tool update_index(
    /// Weights of the fields, by name.
    weights: map<string, number> = {},
);
