/// A node of an outline; nodes nest.
struct Section {
    /// The heading.
    title: string,
    /// The sections under this one.
    children: [Section] = [],
}

/// Replace the outline of the open document with a new one.
tool set_outline(
    /// The top-level sections.
    sections: [Section],
    /// Header names and values to send along.
    headers?: map<string, string>,
    /// A name Gemini does not take for a parameter.
    "x-trace": string,
) {
    example { sections: [{ title: "Intro" }], "x-trace": "t1" }
}

/// Report whether the document is open; nothing here blocks Gemini.
tool ping();
