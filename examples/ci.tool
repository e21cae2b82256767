//! Read-only tools for analysing a failed CI run of a pull request.
//!
//! They answer the questions a reviewer asks when a build goes red: which
//! jobs failed, where in the log the errors are, which tests broke, what the
//! pull request changed and what the code around a failure looks like. None
//! of them changes anything, so they are safe to call freely and in any order.
//!
//! A good order of work: `list_jobs` to see what failed, `find_error_blocks`
//! or `summarize_test_failures` on a failed job, then `get_diff`, `read_file`
//! and `search_code` to connect the failure to the change.
package ci;

use "common/types.tool";

/// A CI job's numeric id, as listed by `list_jobs`.
type JobId = int in 1..;

/// Where a job is in its life.
enum JobStatus {
    /// Waiting for a runner; no log yet.
    queued,
    /// Running now; the log is still growing.
    in_progress,
    /// Finished; see the conclusion.
    completed,
}

/// How a completed job ended.
enum Conclusion {
    success,
    /// At least one step failed.
    failure,
    /// Stopped by a person or by a newer push.
    cancelled,
    /// Not run because a condition was false.
    skipped,
    /// Killed for running past its time limit.
    timed_out,
}

/// How a file changed in the pull request.
enum ChangeKind {
    added,
    modified,
    deleted,
    /// Moved; `old_path` holds the previous path.
    renamed,
}

/// What kind of problem an error block shows.
enum ErrorKind {
    /// A compiler error, such as rustc's `error[E0308]`.
    compile_error,
    /// A failed test.
    test_failure,
    /// A thread panicked outside a test's own report.
    panic,
    /// A linter or formatter complaint that fails the build.
    lint,
    /// A step that exited with a non-zero status.
    process_exit,
}

/// One CI job of the pull request's latest run.
struct Job {
    /// The job's id, for the other tools.
    id: JobId,
    /// Display name such as `test (ubuntu-latest)`.
    name: string,
    /// Where the job is in its life.
    status: JobStatus,
    /// How the job ended; null until it completes.
    conclusion: Conclusion | null,
    /// Host name of the runner machine.
    runner: string format hostname,
    /// When the job started; null while queued.
    started_at: Timestamp | null,
    /// When the job finished; null until it completes.
    finished_at: Timestamp | null,
    /// Wall-clock run time as an ISO 8601 duration such as `PT4M12S`; null
    /// until the job completes.
    duration: string format duration | null,
    /// Number of lines in the job's log; 0 when there is no log yet.
    log_lines: int in 0..,
}

/// The jobs of the latest run.
struct JobList {
    /// The commit the run tested (the pull request's head).
    head_sha: CommitSha,
    /// The run's jobs, in the order they were defined.
    jobs: [Job],
}

/// A stretch of a job's log.
struct LogSlice {
    /// The job the lines come from.
    job_id: JobId,
    /// Line number of the first line returned.
    start_line: LineNumber,
    /// Line number of the last line returned; below `start_line` when the
    /// range is empty.
    end_line: int in 0..,
    /// Lines in the whole log.
    total_lines: int in 0..,
    /// The log lines, without line terminators or ANSI colour codes.
    lines: [string],
    /// True when more lines follow `end_line`.
    more: bool,
}

/// Consecutive log lines around one error, with the error's own line
/// highlighted through `headline`.
struct ErrorBlock {
    /// What kind of problem the block shows.
    kind: ErrorKind,
    /// The line that identifies the error, such as `error[E0308]: mismatched types`.
    headline: string,
    /// Log line of the headline.
    line: LineNumber,
    /// First log line of the block (context included).
    start_line: LineNumber,
    /// Last log line of the block (context included).
    end_line: LineNumber,
    /// The block's lines, from `start_line` to `end_line`.
    lines: [string],
}

/// The error blocks found in one job's log, in log order.
struct ErrorBlocks {
    /// The job whose log was scanned.
    job_id: JobId,
    /// The blocks, in log order.
    blocks: [ErrorBlock],
    /// True when more blocks exist than `max_blocks` allowed.
    more: bool,
}

/// A test that failed, as the test runner reported it.
struct TestFailure {
    /// Full test name such as `parser::tests::parses_empty_input`.
    name: string,
    /// The failure message (assertion text or panic message).
    message: string,
    /// Source file the failure points at, when the report names one.
    file: RelPath | null,
    /// Line in `file`, when the report names one.
    line: LineNumber | null,
    /// Log line where the failure's report starts.
    log_line: LineNumber,
}

/// Test results parsed from one job's log.
struct TestSummary {
    /// The job whose log was read.
    job_id: JobId,
    /// Test runner whose output was recognised.
    runner: "cargo" | "pytest",
    /// Tests that passed.
    passed: int in 0..,
    /// Tests that failed.
    failed: int in 0..,
    /// Tests that were skipped or ignored.
    ignored: int in 0..,
    /// One entry per failed test, in report order.
    failures: [TestFailure],
}

/// A file the pull request touches.
struct ChangedFile {
    /// Path in the head commit (the new path of a renamed file).
    path: RelPath,
    /// Previous path of a renamed file; null otherwise.
    old_path: RelPath | null,
    /// How the file changed.
    change: ChangeKind,
    /// Lines added.
    additions: int in 0..,
    /// Lines removed.
    deletions: int in 0..,
}

/// The files the pull request changes, compared with its base.
struct ChangedFiles {
    /// The commit the pull request is compared with.
    base_sha: CommitSha,
    /// The pull request's head commit.
    head_sha: CommitSha,
    /// The changed files, in path order.
    files: [ChangedFile],
}

/// One file's part of a unified diff.
struct FileDiff {
    /// Path in the head commit.
    path: RelPath,
    /// How the file changed.
    change: ChangeKind,
    /// The unified diff text of this file: `@@` hunk headers and lines
    /// starting with ` `, `+` or `-`.
    patch: string,
}

/// A unified diff, split by file.
struct Diff {
    /// The commit the diff starts from.
    base_sha: CommitSha,
    /// The commit the diff ends at.
    head_sha: CommitSha,
    /// One entry per changed file, in diff order.
    files: [FileDiff],
    /// True when `max_lines` cut the diff short.
    truncated: bool,
}

/// Lines of a file in the pull request's head commit.
struct FileSlice {
    /// The file that was read.
    path: RelPath,
    /// Line number of the first line returned.
    start_line: LineNumber,
    /// Last line returned; below `start_line` when the file is empty.
    end_line: int in 0..,
    /// Lines in the whole file.
    total_lines: int in 0..,
    /// The lines, without line terminators.
    lines: [string],
}

/// Search hits, in path and line order.
struct SearchResults {
    /// The matches, at most `max_results`.
    matches: [TextMatch],
    /// True when `max_results` cut the list short.
    truncated: bool,
}

/// Paths found under a directory.
struct FileList {
    /// Files (not directories), sorted, relative to the workspace root.
    paths: [RelPath],
    /// True when the listing stopped at 1000 paths.
    truncated: bool,
}

/// List the jobs of the pull request's latest CI run with their status,
/// conclusion, timing and log size. Start here: it tells you which job ids
/// failed. Returns the head commit and the jobs in run order.
@core @idempotent @timeout(10s) @requires("ci:read") @title("List CI jobs")
@meta("category", "jobs")
tool list_jobs(
    /// Only jobs with this status; all jobs when absent.
    status?: JobStatus,
) -> JobList {
    example "All jobs" {}
    example "Only finished jobs" { status: completed }
}

/// Get one job's status, conclusion, runner, timing and log size. Use it to
/// check a single job without listing them all. Fails with `job_not_found`
/// when no job has this id.
@core @idempotent @timeout(10s) @requires("ci:read") @title("Get job status")
@meta("category", "jobs")
tool get_job_status(
    /// The job, by id from `list_jobs`.
    @example(102)
    job_id: JobId,
) -> Job {
    error job_not_found "No job has this id." help "Call list_jobs to see the job ids of the latest run.";
    example "A failed test job" { job_id: 102 }
}

/// Read a range of lines from a job's log, ANSI colour codes removed. Use it
/// after `find_error_blocks` to see more context, or to page through a log:
/// pass the returned `end_line + 1` as the next `start_line` while `more` is
/// true. Fails with `job_not_found` for an unknown id, `log_unavailable` while
/// the job is queued (retry once it runs) and `line_out_of_range` when
/// `start_line` is past the end of the log.
@core @idempotent @timeout(15s) @requires("ci:read") @title("Read CI log") @meta("category", "logs")
tool read_log(
    /// The job whose log to read.
    job_id: JobId,
    /// First line to return.
    start_line: LineNumber = 1,
    /// Most lines to return.
    max_lines: int in 1..=2000 = 200,
) -> LogSlice {
    error job_not_found "No job has this id." help "Call list_jobs to see the job ids of the latest run.";
    error log_unavailable "The job has not started, so it has no log yet." help "Wait for the job to start, then retry." retryable;
    error line_out_of_range "start_line is past the end of the log." help "Use a start_line no greater than the log's total_lines.";
    example "First page of a log" { job_id: 102 }
    example "Lines around a failure" { job_id: 102, start_line: 20, max_lines: 40 }
}

/// Find the errors in a job's log: compiler errors, failed tests, panics,
/// lint failures and non-zero exits, each with a few lines of context. This
/// is the fastest way to see why a job failed; it returns the blocks in log
/// order with their line numbers, for `read_log` to widen. Fails with
/// `job_not_found` for an unknown id and `log_unavailable` while the job is
/// queued.
@core @idempotent @timeout(15s) @requires("ci:read") @title("Find error blocks")
@meta("category", "logs")
tool find_error_blocks(
    /// The job whose log to scan.
    job_id: JobId,
    /// Lines of context before and after each error line.
    context_lines: int in 0..=50 = 3,
    /// Most blocks to return.
    max_blocks: int in 1..=100 = 20,
) -> ErrorBlocks {
    error job_not_found "No job has this id." help "Call list_jobs to see the job ids of the latest run.";
    error log_unavailable "The job has not started, so it has no log yet." help "Wait for the job to start, then retry." retryable;
    example "Errors of the lint job" { job_id: 101 }
    example "Tight context" { job_id: 102, context_lines: 1, max_blocks: 5 }
}

/// Summarise the test results in a job's log: counts of passed, failed and
/// ignored tests, and for each failure its name, message and the source
/// location it points at. Understands `cargo test` and `pytest` output.
/// Fails with `job_not_found` for an unknown id, `log_unavailable` while the
/// job is queued and `no_test_output` when the log holds no test run (a lint
/// or build job, for example).
@core @idempotent @timeout(15s) @requires("ci:read") @title("Summarize test failures")
@meta("category", "tests")
tool summarize_test_failures(
    /// The job whose test output to read.
    job_id: JobId,
) -> TestSummary {
    error job_not_found "No job has this id." help "Call list_jobs to see the job ids of the latest run.";
    error log_unavailable "The job has not started, so it has no log yet." help "Wait for the job to start, then retry." retryable;
    error no_test_output "The log holds no test run." help "Use find_error_blocks on jobs that do not run tests.";
    example "Rust test job" { job_id: 102 }
    example "Python test job" { job_id: 103 }
}

/// List the files the pull request changes, with the kind of change and the
/// lines added and removed. Use it to see the shape of a change before
/// reading diffs. Returns the base and head commits and the files in path
/// order.
@core @idempotent @timeout(10s) @requires("repo:read") @title("List changed files")
@meta("category", "changes")
tool list_changed_files(
    /// Only files with this kind of change; all when absent.
    change?: ChangeKind,
    /// Only files under this directory, such as `src/`.
    path_prefix?: RelPath len ..=512,
) -> ChangedFiles {
    example "Every changed file" {}
    example "Changed Rust sources" { change: modified, path_prefix: "src/" }
}

/// Show the pull request's unified diff, for one file or for all of them.
/// Use it to see exactly which lines changed near a failure. Returns each
/// file's patch text; long diffs are cut at `max_lines` and flagged
/// `truncated`. Fails with `file_not_in_diff` when `path` is given but the
/// pull request does not change it.
@core @idempotent @timeout(10s) @requires("repo:read") @title("Get diff")
@meta("category", "changes")
tool get_diff(
    /// Only this file's diff; the whole diff when absent.
    path?: RelPath,
    /// Most diff lines to return, across all files.
    max_lines: int in 1..=5000 = 400,
) -> Diff {
    error file_not_in_diff "The pull request does not change this file." help "Call list_changed_files to see which files it changes.";
    example "Diff of one file" { path: "src/parser.rs" }
    example "Whole diff, short" { max_lines: 100 }
}

/// Read lines of a file as it is in the pull request's head commit. Use it
/// to look at the code a compiler error or a failed test points at; lines
/// are numbered from 1, so a location `src/lib.rs:42` is `start_line: 40,
/// end_line: 44` with some context. Fails with `file_not_found` when the path
/// does not exist or is a directory, `not_a_text_file` for binary files and
/// `outside_workspace` for paths that climb out with `..`.
@core @idempotent @timeout(10s) @requires("repo:read") @title("Read file") @meta("category", "code")
tool read_file(
    /// File to read, relative to the repository root.
    @example("src/parser.rs")
    path: RelPath,
    /// First line to return.
    start_line: LineNumber = 1,
    /// Last line to return (inclusive); the end of the file when absent.
    /// At most 2000 lines are returned per call.
    end_line?: LineNumber,
) -> FileSlice {
    error file_not_found "No file exists at this path." help "Call list_files or search_code to find the right path.";
    error not_a_text_file "The file is not UTF-8 text." help "Binary files cannot be shown; look at their sources instead.";
    error outside_workspace "The path leaves the repository." help "Use a path relative to the repository root without `..`.";
    example "Whole file" { path: "Cargo.toml" }
    example "Lines around an error" { path: "src/parser.rs", start_line: 10, end_line: 30 }
}

/// Search the repository's files for a literal string or a regular
/// expression. Use it to find where a symbol from an error message is
/// defined or used. Returns matching lines with path, line and column, in
/// path order. Fails with `invalid_regex` when `mode` is `regex` and the
/// query does not compile, `outside_workspace` when `path_prefix` climbs
/// out of the repository, and `rate_limited` past 30 searches a minute.
@core @idempotent @timeout(20s) @rate_limit(30/min) @requires("repo:read") @title("Search code")
@meta("category", "code")
tool search_code(
    /// The text or regular expression to look for.
    @example("fn parse_header")
    query: string len 1..=500,
    /// Whether `query` is literal text or a regular expression.
    mode: MatchMode = literal,
    /// Only search files under this directory, such as `src/`.
    path_prefix?: RelPath,
    /// Whether letter case must match.
    case_sensitive: bool = true,
    /// Most matches to return.
    max_results: int in 1..=500 = 50,
) -> SearchResults {
    error invalid_regex "The query is not a valid regular expression." help "Escape special characters, or search with mode literal.";
    error outside_workspace "The path leaves the repository." help "Use a path relative to the repository root without `..`.";
    error rate_limited "Too many searches this minute." help "Wait, then retry." retryable;
    example "Find a function" { query: "fn parse_header" }
    example "Regex over sources" {
        query: r"unwrap\(\)",
        mode: regex,
        path_prefix: "src/",
        max_results: 20,
    }
    example "Any case" { query: "todo", case_sensitive: false }
}

/// List the files under a directory of the repository, recursively, up to a
/// depth. Use it to find a file's exact path before `read_file`. Returns
/// sorted paths; fails with `file_not_found` when the directory does not
/// exist and `outside_workspace` for paths that climb out with `..`.
@extended @idempotent @timeout(10s) @requires("repo:read") @title("List files")
@meta("category", "code")
tool list_files(
    /// Directory to list; `.` is the repository root.
    under: RelPath = ".",
    /// How many directory levels to descend; 1 lists only direct children.
    max_depth: int in 1..=16 = 4,
) -> FileList {
    error file_not_found "No directory exists at this path." help "List the parent directory to see what exists.";
    error outside_workspace "The path leaves the repository." help "Use a path relative to the repository root without `..`.";
    example "Whole repository" {}
    example "Sources only" { under: "src", max_depth: 1 }
}
