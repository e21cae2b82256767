/// Extra filters are passed through to the search backend.
@open struct Filter {
    /// Exact id to match.
    id: string,
}

/// Passed through as written.
@open struct Note {
    /// The note's text.
    text: string,
}

/// Options the backend reads when it knows them.
@open @allow(open_strict) struct Tuning {
    /// How many results at most.
    limit?: int,
}

/// Find records by filter and tuning.
tool find_records(
    /// What to match.
    filter: Filter,
    /// How to search.
    tuning?: Tuning,
);

/// Store free-form notes with headers; not strict, so `Note` stays open.
@mutates
tool store_note(
    /// The note.
    note: Note,
    /// Header names and values.
    headers: map<string, string>,
) {
    example { note: { text: "hi" }, headers: {} }
}

/// Tag a note; other arguments are kept for the handler.
@open
tool tag_note(
    /// The note's id.
    id: string,
) {
    example { id: "n1", colour: "red" }
}

/// Tag a note, and allowed: only the dispatchers need the other keys.
@open
@allow(open_strict)
tool tag_note_quietly(
    /// The note's id.
    id: string,
) {
    example { id: "n1", colour: "red" }
}
