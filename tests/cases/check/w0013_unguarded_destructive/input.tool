/// Delete files in the workspace. Cannot be undone.
@mutates @destructive
tool delete_paths(
    /// Paths to delete.
    paths: [string],
);
/// Delete a folder in the workspace. Cannot be undone; a person approves
/// each call.
/// Delete a folder in the workspace. Cannot be undone.
@mutates @destructive @confirm @risk(critical)
tool delete_folder(
    /// Folder to delete.
    path: string,
);
