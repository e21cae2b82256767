//! Memos: a second tool set for the executor cases.
package memo;

/// A stored note.
struct Note {
    /// Its id.
    id: string,
    /// Its text.
    text: string,
}

/// Credentials for the store.
struct Login {
    /// The account name.
    user: string,
    /// The account's password.
    @secret password: string,
}

/// Read a note by its id.
@core @idempotent @requires("notes:read")
tool read_note(
    /// The note's id.
    id: string,
    /// Whether to include drafts.
    drafts: bool = false,
) -> Note {
    error not_found "No note has this id." help "Call list_notes to see the ids.";
}

/// List the notes, newest first.
@core @idempotent @rate_limit(2/min)
tool list_notes(
    /// At most this many notes.
    limit: int in 1..=100 = 10,
) -> [Note];

/// Write a note, replacing its text.
@core @mutates @confirm @risk(high) @requires("notes:write")
tool write_note(
    /// The note's id.
    id: string,
    /// The new text.
    text: string,
    /// The store's login, where it needs one.
    login?: Login,
) -> Note {
    error busy "The store is busy." help "Wait a moment, then retry." retryable;
}

/// Check that the store answers.
@extended @timeout(100ms) @meta("area", "health")
tool ping();

/// Delete every note.
@extended @mutates @destructive @confirm @risk(critical) @requires("notes:write", "notes:delete")
tool wipe();
