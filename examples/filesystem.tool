//! Tools for reading and changing files in a workspace directory.
//!
//! Every path is relative to the workspace root; paths that climb out of it
//! with `..` or through a symbolic link fail with `outside_workspace`. The
//! reading tools are safe to call freely. The tools that overwrite or delete
//! (`write_file`, `move_path`, `delete_paths`) are high risk: a person
//! approves each call, so explain in your message what you are about to do
//! and why before calling them.
package filesystem;

use "common/types.tool";

/// What a directory entry is.
enum EntryKind {
    file,
    directory,
    /// A symbolic link; it is not followed.
    symlink,
}

/// How file content is carried in a string.
enum Encoding {
    /// The content is text and is sent as is.
    "utf-8",
    /// The content is arbitrary bytes, encoded as standard base64.
    base64,
}

/// One entry of a directory.
struct Entry {
    /// The entry's own name, such as `main.rs`.
    name: string,
    /// Path relative to the workspace root.
    path: RelPath,
    /// What the entry is.
    type: EntryKind,
    /// Size in bytes; 0 for directories.
    size: int in 0..,
    /// Last modification time.
    modified: Timestamp,
}

/// A directory's entries.
struct Listing {
    /// The directory that was listed.
    path: RelPath,
    /// Directories first, then files, each by name.
    entries: [Entry],
    /// True when the listing stopped at `limit` entries.
    truncated: bool,
}

/// Everything known about one path.
struct Stat {
    /// The path asked about.
    path: RelPath,
    /// What the path is.
    type: EntryKind,
    /// Size in bytes; 0 for directories.
    size: int in 0..,
    /// Creation time, where the file system records it.
    created: Timestamp | null,
    /// Last modification time.
    modified: Timestamp,
    /// Unix permission bits, such as 420 for `rw-r--r--`.
    mode: int in 0..=4095,
    /// The same bits as text, such as `rw-r--r--`.
    permissions: string matches "^[r-][w-][xsS-][r-][w-][xsS-][r-][w-][xtT-]$",
    /// Where a symbolic link points; null for other kinds.
    link_target: string | null,
}

/// A file's content.
struct FileContent {
    /// The file that was read.
    path: RelPath,
    /// How `content` is encoded.
    encoding: Encoding,
    /// The bytes read, in `encoding`.
    content: string,
    /// Size of the whole file in bytes.
    size: int in 0..,
    /// True when the file is longer than what `content` holds.
    truncated: bool,
}

/// What a write did.
struct WriteReport {
    /// The file that was written.
    path: RelPath,
    /// Bytes written.
    bytes_written: int in 0..,
    /// True when the file existed before and was replaced.
    replaced: bool,
}

/// What a move did.
struct MoveReport {
    /// Where the entry was.
    from: RelPath,
    /// Where it is now.
    to: RelPath,
    /// True when an existing entry at `to` was overwritten.
    replaced: bool,
}

/// What a delete did.
struct DeleteReport {
    /// Paths that were removed.
    deleted: [RelPath],
    /// Files removed in total, counting those inside deleted directories.
    files_removed: int in 0..,
}

/// Search results across files.
struct FileSearchResults {
    /// Matching lines, in path and line order.
    matches: [TextMatch],
    /// Files looked at.
    files_searched: int in 0..,
    /// True when `max_results` cut the list short.
    truncated: bool,
}

/// Read a file's content, as text or as base64 for binary files. Use `offset`
/// and `max_bytes` to read a large file in parts. Returns the content and the
/// file's full size. Fails with `not_found` when nothing exists at the path,
/// `is_a_directory` for directories (call `list_directory`),
/// `invalid_encoding` when `utf-8` is asked for and the bytes are not UTF-8
/// (read again as `base64`), and `outside_workspace`.
@core @idempotent @timeout(10s) @requires("fs:read") @title("Read file")
tool read_file(
    /// File to read.
    @example("README.md")
    path: RelPath,
    /// How to return the bytes.
    encoding: Encoding = "utf-8",
    /// Byte offset to start at.
    offset: int in 0.. = 0,
    /// Most bytes to return.
    max_bytes: int in 1..=1048576 = 65536,
) -> FileContent {
    error not_found "Nothing exists at this path." help "Call list_directory on the parent to see what exists.";
    error is_a_directory "The path is a directory." help "Call list_directory instead.";
    error invalid_encoding "The file is not UTF-8 text." help "Read it again with encoding base64.";
    error outside_workspace "The path leaves the workspace." help "Use a path relative to the workspace root without `..`.";
    example "A text file" { path: "README.md" }
    example "Second 64 KiB of an image" { path: "assets/logo.png", encoding: base64, offset: 65536 }
}

/// List the entries of a directory with their kind, size and modification
/// time, directories first, then by name. Use it to explore the workspace
/// before reading or changing files. Fails with `not_found` when the
/// directory does not exist, `not_a_directory` for a file, and
/// `outside_workspace`.
@core @idempotent @timeout(10s) @requires("fs:read") @title("List directory")
tool list_directory(
    /// Directory to list; `.` is the workspace root.
    path: RelPath = ".",
    /// Include entries whose names start with a dot.
    include_hidden: bool = false,
    /// Most entries to return.
    limit: int in 1..=5000 = 500,
) -> Listing {
    error not_found "No directory exists at this path." help "List the parent directory to see what exists.";
    error not_a_directory "The path is a file, not a directory." help "Call stat_path or read_file for files.";
    error outside_workspace "The path leaves the workspace." help "Use a path relative to the workspace root without `..`.";
    example "Workspace root" {}
    example "Hidden files too" { path: "src", include_hidden: true, limit: 100 }
}

/// Get a path's kind, size, times, permissions and link target without
/// reading it. Use it to check that a file exists or to see its size before
/// reading. Fails with `not_found` when nothing exists at the path and
/// `outside_workspace`.
@core @idempotent @timeout(5s) @requires("fs:read") @title("Stat path")
tool stat_path(
    /// Path to inspect.
    path: RelPath,
) -> Stat {
    error not_found "Nothing exists at this path." help "Call list_directory on the parent to see what exists.";
    error outside_workspace "The path leaves the workspace." help "Use a path relative to the workspace root without `..`.";
    example "A source file" { path: "src/main.rs" }
}

/// Search file contents under a directory for literal text or a regular
/// expression, optionally only in files whose names end with given
/// extensions. Returns matching lines with path, line and column. Fails with
/// `invalid_regex` when a regex query does not compile, `not_found` when the
/// directory does not exist, `outside_workspace`, and `rate_limited` past 30
/// searches a minute.
@core @idempotent @timeout(30s) @rate_limit(30/min) @requires("fs:read") @title("Search files")
tool search_files(
    /// Text or regular expression to find.
    query: string len 1..,
    /// Whether `query` is literal text or a regular expression.
    mode: MatchMode = literal,
    /// Directory to search; `.` is the workspace root.
    under: RelPath = ".",
    /// Only files with these extensions, without the dot, such as `rs`.
    extensions?: [string len 1..=16 matches "^[A-Za-z0-9]+$"] len 1..=20 unique,
    /// Most matches to return.
    max_results: int in 1..=1000 = 100,
) -> FileSearchResults {
    error invalid_regex "The query is not a valid regular expression." help "Escape special characters, or search with mode literal.";
    error not_found "No directory exists at this path." help "List the parent directory to see what exists.";
    error outside_workspace "The path leaves the workspace." help "Use a path relative to the workspace root without `..`.";
    error rate_limited "Too many searches this minute." help "Wait, then retry." retryable;
    example "Find TODOs in Rust and TOML" { query: "TODO", extensions: ["rs", "toml"] }
    example "Regex in one folder" { query: r"fn \w+_test", mode: regex, under: "tests" }
}

/// Create a directory and any missing parents. Creating one that already
/// exists succeeds and changes nothing. Fails with `not_a_directory` when a
/// file stands where a directory is needed and `outside_workspace`.
@core @mutates @idempotent @risk(low) @timeout(5s) @requires("fs:write") @title("Create directory")
tool create_directory(
    /// Directory to create, with any missing parents.
    path: RelPath,
) -> Stat {
    error not_a_directory "A file stands where a directory is needed." help "Pick another path or move the file first.";
    error outside_workspace "The path leaves the workspace." help "Use a path relative to the workspace root without `..`.";
    example "A nested folder" { path: "docs/guides/setup" }
}

/// Write a file, creating it or replacing its whole content. Replacing loses
/// the old content for good, so a person confirms each call; say what you
/// will write and why first. Parent directories must exist
/// (`create_directory`). Fails with `already_exists` when the file exists and
/// `overwrite` is false, `not_found` when the parent directory is missing,
/// `is_a_directory` when a directory stands at the path, and
/// `outside_workspace`.
@core @mutates @destructive @idempotent @confirm @risk(high) @timeout(30s) @requires("fs:write")
@title("Write file")
tool write_file(
    /// File to write.
    path: RelPath,
    /// The new content, in `encoding`; at most 65536 characters per call.
    content: string len ..=65536,
    /// How `content` is encoded.
    encoding: Encoding = "utf-8",
    /// Replace the file if it exists. When false, an existing file makes the
    /// call fail instead.
    overwrite: bool = false,
) -> WriteReport {
    error already_exists "A file already exists at this path." help "Read it first; call again with overwrite true only if replacing it is intended.";
    error not_found "The parent directory does not exist." help "Call create_directory for the parent first.";
    error is_a_directory "A directory stands at this path." help "Pick a file path inside it.";
    error outside_workspace "The path leaves the workspace." help "Use a path relative to the workspace root without `..`.";
    example "New notes file" { path: "notes/todo.md", content: "# To do\n\n- release 1.2\n" }
    example "Replace a config" {
        path: "config.json",
        content: "{\"debug\": false}\n",
        overwrite: true,
    }
}

/// Move or rename a file or directory. With `overwrite`, an entry already at
/// the destination is replaced and lost, so a person confirms each call.
/// Fails with `not_found` when the source does not exist, `already_exists`
/// when the destination exists and `overwrite` is false, and
/// `outside_workspace` when either path leaves the workspace.
@core @mutates @destructive @confirm @risk(high) @timeout(30s) @requires("fs:write")
@title("Move path")
tool move_path(
    /// What to move.
    from: RelPath,
    /// Where to put it, including the new name.
    to: RelPath,
    /// Replace an entry already at `to`.
    overwrite: bool = false,
) -> MoveReport {
    error not_found "Nothing exists at the source path." help "Call list_directory to find the right path.";
    error already_exists "Something already exists at the destination." help "Pick another name, or call again with overwrite true if replacing it is intended.";
    error outside_workspace "A path leaves the workspace." help "Use paths relative to the workspace root without `..`.";
    example "Rename a file" { from: "draft.md", to: "posts/2026-11-29-release.md" }
}

/// Delete files or directories for good; there is no trash to restore from.
/// A person confirms each call: list exactly what will be removed in your
/// message first. Directories need `recursive`. Fails with `not_found` when
/// a path does not exist (nothing is deleted then), `directory_not_empty`
/// for a non-empty directory without `recursive`, `busy` when a file is
/// locked (retry later), and `outside_workspace`.
@extended @mutates @destructive @confirm @risk(critical) @timeout(60s) @rate_limit(10/min)
@requires("fs:write", "fs:delete") @title("Delete paths") @name(openai, "fs_delete_paths")
tool delete_paths(
    /// Paths to delete.
    paths: [RelPath] len 1..=100 unique,
    /// Delete directories with everything inside them.
    recursive: bool = false,
) -> DeleteReport {
    error not_found "A path does not exist." help "Call list_directory to see what exists.";
    error directory_not_empty "A directory is not empty." help "Call again with recursive true if its contents should go too.";
    error busy "A file is locked by another process." help "Wait a moment, then retry." retryable;
    error outside_workspace "A path leaves the workspace." help "Use paths relative to the workspace root without `..`.";
    example "Remove a build folder" { paths: ["build"], recursive: true }
    example "Remove two files" { paths: ["tmp/a.log", "tmp/b.log"] }
}

/// Delete one file. Kept for old clients; `delete_paths` does the same for
/// many paths at once and also removes directories. A person approves each
/// call. Fails with `not_found` when the file does not exist and
/// `outside_workspace`.
@extended @mutates @destructive @confirm @risk(high) @requires("fs:write", "fs:delete")
@deprecated("use delete_paths") @title("Remove file")
tool remove_file(
    /// File to delete.
    path: RelPath,
) -> DeleteReport {
    error not_found "No file exists at this path." help "Call list_directory to see what exists.";
    error outside_workspace "The path leaves the workspace." help "Use a path relative to the workspace root without `..`.";
    example { path: "tmp/old.log" }
}
