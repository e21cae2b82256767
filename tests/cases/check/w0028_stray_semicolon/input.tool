//! A `;` after an example is taken and reported; `@allow` silences it.
package notes;

/// Search notes for a text and return the best matches first.
@idempotent
tool search_notes(
    /// The text to find.
    query: string,
) -> [string] {
    example "Find rust" { query: "rust" };
    example { query: "go" }
}

/// Read one note's text by its id; fails with `not_found` when no note has it.
@idempotent @allow(stray_semicolon)
tool read_note(
    /// The note's id.
    id: int in 1..,
) -> string {
    error not_found "No note has this id." help "Search first.";
    example { id: 1 };
}
