/// List the files of a directory in the workspace.
@allow(not_snake_case, not_verb_first)
tool "fs.list-files"(
    /// Directory to list.
    path: string,
);
