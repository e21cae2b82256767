//! Types shared by the example tool sets: workspace paths, git revisions,
//! timestamps, line numbers and text search results.
//!
//! This file declares no tools, so it produces no tool outputs of its own;
//! `ci.tool`, `filesystem.tool` and `weather.tool` import it with `use`.
//! The code targets write it as a module of its own (`common.rs`,
//! `common.ts`, `common.py`) whose types those packages share; the JSON
//! targets write its types inside each package's schemas.
package common;

/// A path relative to the workspace root, written with forward slashes, such
/// as `src/main.rs` or `.` for the root itself. It may not start with `/` and
/// may not contain backslashes; paths that climb out of the workspace with
/// `..` are rejected by the tools that take them.
type RelPath = string len 1..=4096 matches r"^[^/\\][^\\]*$";

/// A git commit id: 7 to 40 lowercase hexadecimal digits.
type CommitSha = string matches "^[0-9a-f]{7,40}$";

/// An instant in RFC 3339 form, such as `2026-11-29T18:04:11Z`.
type Timestamp = string format date-time;

/// A 1-based line number in a text file or log.
type LineNumber = int in 1..=100000000;

/// How a search query is interpreted.
enum MatchMode {
    /// The query is plain text and matches itself exactly.
    literal,
    /// The query is a regular expression (Rust `regex` syntax, no
    /// look-around or back-references).
    regex,
}

/// One line that matched a search.
struct TextMatch {
    /// File that holds the match.
    path: RelPath,
    /// Line of the match.
    line: LineNumber,
    /// 1-based column, in characters, where the match starts.
    column: int in 1..,
    /// The whole matching line, trimmed to 400 characters.
    text: string len ..=400,
}
