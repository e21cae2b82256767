/// List the files of a directory in the workspace.
@allow(not_snake_case, not_verb_first)
tool "fs.list-files"(
    /// Directory to list.
    path: string,
);

/// Read one file of the workspace and return its text.
@name(openai, "read_file") @name(anthropic, "read_file")
@allow(not_snake_case, not_verb_first)
tool "fs.read-file"(
    /// File to read.
    path: string,
);
