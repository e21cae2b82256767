//! A small notes service: the tool set every executor case runs against.
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
@core @idempotent @requires("notes:read") @meta("area", "notes")
tool get_note(
    /// The note to read.
    id: int in 1..,
) -> Note {
    error not_found "No note has this id." help "Call search_notes to find ids.";
}

/// Search notes for a text; at most two searches a minute.
@allow(W0023)
@extended @idempotent @rate_limit(2/min) @meta("area", "search")
tool search_notes(
    /// The text to find.
    query: string len 1..,
    /// Most notes to return.
    limit: int in 1..=10 = 5,
    /// Match whole words only.
    exact: bool = false,
) -> [Note];

/// Write a note's text. A person approves each call before it runs. Fails
/// with `conflict` (retryable) when the note changed since it was read.
@allow(W0007, W0008)
@core @mutates @confirm @risk(medium) @requires("notes:write") @meta("area", "notes")
tool write_note(
    /// Where to write.
    target: Target,
    /// The new text.
    text: string len 1..=100,
    /// The account password.
    @secret password: string,
) -> Note {
    error conflict "The note changed since it was read." help "Read it again, then retry." retryable;
}

/// Delete notes for good. A person approves each call before it runs.
@core @mutates @destructive @confirm @risk(high) @requires("notes:write", "notes:delete")
tool delete_notes(
    /// The notes to delete.
    ids: [int in 1..] len 1..,
);

/// Rebuild the search index; it can take long.
@allow(W0008, W0011, W0014)
@extended @mutates @idempotent @timeout(50ms)
tool update_index(
    /// Weights of the fields, by name.
    weights: map<string, number> = {},
    /// The batch sizes to use, in order.
    batches: [int in 1..] = [],
);
