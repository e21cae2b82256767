//! The generated `CiTools` trait, implemented over the fixtures. Arguments
//! arrive validated with defaults applied (the generated dispatcher did
//! that), so the methods only check what a schema cannot: existence of
//! jobs and files, and paths leaving the repository.

use std::fs;

use toolc_runtime::CallContext;

use crate::ci::{self, ToolError};
use crate::common;
use crate::logs::{self, Runner};
use crate::repo;
use crate::time;
use crate::workspace::{JobRecord, PathProblem, Workspace};

/// Most lines `read_file` returns per call, as its documentation promises.
const MAX_FILE_LINES: usize = 2000;
/// Most paths `list_files` returns.
const MAX_LISTED: usize = 1000;

fn internal(e: impl std::fmt::Display) -> ToolError {
    ToolError::internal(e.to_string())
}

/// A 1-based line number or count from a validated argument.
fn index(n: i64) -> usize {
    usize::try_from(n).unwrap_or(0)
}

fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

impl Workspace {
    fn job_summary(&self, job: &JobRecord) -> Result<ci::Job, ToolError> {
        let log_lines = self
            .log_lines(job)
            .map_err(internal)?
            .map_or(0, |l| l.len());
        let duration = match (&job.started_at, &job.finished_at) {
            (Some(start), Some(end)) => time::duration_between(start, end),
            _ => None,
        };
        Ok(ci::Job {
            id: job.id,
            name: job.name.clone(),
            status: job.status,
            conclusion: job.conclusion,
            runner: job.runner.clone(),
            started_at: job.started_at.clone(),
            finished_at: job.finished_at.clone(),
            duration,
            log_lines: count(log_lines),
        })
    }

    /// The job and its log, or the tool's declared errors.
    fn job_log(
        &self,
        job_id: i64,
        not_found: fn() -> ToolError,
        unavailable: fn() -> ToolError,
    ) -> Result<Vec<String>, ToolError> {
        let job = self.job(job_id).ok_or_else(not_found)?;
        self.log_lines(job)
            .map_err(internal)?
            .ok_or_else(unavailable)
    }

    fn repo_path(&self, rel: &str, outside: fn() -> ToolError) -> Result<String, ToolError> {
        self.normalize(rel)
            .map_err(|PathProblem::Outside| outside())
    }
}

impl ci::CiTools for Workspace {
    async fn list_jobs(
        &self,
        args: ci::ListJobsArgs,
        _ctx: CallContext,
    ) -> Result<ci::JobList, ToolError> {
        let jobs = self
            .jobs
            .iter()
            .filter(|j| args.status.is_none_or(|s| j.status == s))
            .map(|j| self.job_summary(j))
            .collect::<Result<_, _>>()?;
        Ok(ci::JobList {
            head_sha: self.head_sha.clone(),
            jobs,
        })
    }

    async fn get_job_status(
        &self,
        args: ci::GetJobStatusArgs,
        _ctx: CallContext,
    ) -> Result<ci::Job, ToolError> {
        let job = self
            .job(args.job_id)
            .ok_or_else(ci::GetJobStatusErrors::job_not_found)?;
        self.job_summary(job)
    }

    async fn read_log(
        &self,
        args: ci::ReadLogArgs,
        _ctx: CallContext,
    ) -> Result<ci::LogSlice, ToolError> {
        let lines = self.job_log(
            args.job_id,
            ci::ReadLogErrors::job_not_found,
            ci::ReadLogErrors::log_unavailable,
        )?;
        let start = index(args.start_line).max(1);
        if start > lines.len() {
            return Err(ci::ReadLogErrors::line_out_of_range().with_message(format!(
                "start_line {start} is past the end of the log, which has {} lines",
                lines.len()
            )));
        }
        let end = (start - 1 + index(args.max_lines)).min(lines.len());
        Ok(ci::LogSlice {
            job_id: args.job_id,
            start_line: args.start_line,
            end_line: count(end),
            total_lines: count(lines.len()),
            lines: lines[start - 1..end].to_vec(),
            more: end < lines.len(),
        })
    }

    async fn find_error_blocks(
        &self,
        args: ci::FindErrorBlocksArgs,
        _ctx: CallContext,
    ) -> Result<ci::ErrorBlocks, ToolError> {
        let lines = self.job_log(
            args.job_id,
            ci::FindErrorBlocksErrors::job_not_found,
            ci::FindErrorBlocksErrors::log_unavailable,
        )?;
        let found = logs::find_errors(&lines);
        let context = index(args.context_lines);
        let max = index(args.max_blocks);
        let blocks = found
            .iter()
            .take(max)
            .map(|f| {
                let first = f.index.saturating_sub(context);
                let last = (f.index + context).min(lines.len().saturating_sub(1));
                ci::ErrorBlock {
                    kind: f.kind,
                    headline: f.headline.clone(),
                    line: count(f.index + 1),
                    start_line: count(first + 1),
                    end_line: count(last + 1),
                    lines: lines[first..=last].to_vec(),
                }
            })
            .collect();
        Ok(ci::ErrorBlocks {
            job_id: args.job_id,
            blocks,
            more: found.len() > max,
        })
    }

    async fn summarize_test_failures(
        &self,
        args: ci::SummarizeTestFailuresArgs,
        _ctx: CallContext,
    ) -> Result<ci::TestSummary, ToolError> {
        let lines = self.job_log(
            args.job_id,
            ci::SummarizeTestFailuresErrors::job_not_found,
            ci::SummarizeTestFailuresErrors::log_unavailable,
        )?;
        let report = logs::test_report(&lines)
            .ok_or_else(ci::SummarizeTestFailuresErrors::no_test_output)?;
        let all_files = repo::files_under(self.repo_root(), "", usize::MAX);
        let failures = report
            .failures
            .into_iter()
            .map(|f| ci::TestFailure {
                name: f.name,
                message: f.message,
                file: f.file.and_then(|p| locate(&all_files, &p)),
                line: f.line,
                log_line: count(f.index + 1),
            })
            .collect();
        Ok(ci::TestSummary {
            job_id: args.job_id,
            runner: match report.runner {
                Runner::Cargo => ci::TestSummaryRunner::Cargo,
                Runner::Pytest => ci::TestSummaryRunner::Pytest,
            },
            passed: report.passed,
            failed: report.failed,
            ignored: report.ignored,
            failures,
        })
    }

    async fn list_changed_files(
        &self,
        args: ci::ListChangedFilesArgs,
        _ctx: CallContext,
    ) -> Result<ci::ChangedFiles, ToolError> {
        // A prefix that leaves the repository simply matches nothing.
        let prefix = match &args.path_prefix {
            Some(p) => self.normalize(p).ok(),
            None => Some(String::new()),
        };
        let files = self
            .patches
            .iter()
            .filter(|p| args.change.is_none_or(|c| p.change == c))
            .filter(|p| {
                prefix
                    .as_deref()
                    .is_some_and(|dir| repo::is_under(&p.path, dir))
            })
            .map(|p| ci::ChangedFile {
                path: p.path.clone(),
                old_path: p.old_path.clone(),
                change: p.change,
                additions: p.additions,
                deletions: p.deletions,
            })
            .collect();
        Ok(ci::ChangedFiles {
            base_sha: self.base_sha.clone(),
            head_sha: self.head_sha.clone(),
            files,
        })
    }

    async fn get_diff(
        &self,
        args: ci::GetDiffArgs,
        _ctx: CallContext,
    ) -> Result<ci::Diff, ToolError> {
        let wanted = match &args.path {
            Some(p) => Some(
                self.normalize(p)
                    .map_err(|_| ci::GetDiffErrors::file_not_in_diff())?,
            ),
            None => None,
        };
        let patches: Vec<_> = self
            .patches
            .iter()
            .filter(|p| {
                wanted
                    .as_deref()
                    .is_none_or(|w| p.path == w || p.old_path.as_deref() == Some(w))
            })
            .collect();
        if wanted.is_some() && patches.is_empty() {
            return Err(ci::GetDiffErrors::file_not_in_diff());
        }
        let mut budget = index(args.max_lines);
        let mut truncated = false;
        let mut files = Vec::new();
        for p in patches {
            if budget == 0 {
                truncated = true;
                break;
            }
            let take = p.lines.len().min(budget);
            truncated |= take < p.lines.len();
            budget -= take;
            files.push(ci::FileDiff {
                path: p.path.clone(),
                change: p.change,
                patch: p.lines[..take].join("\n"),
            });
        }
        Ok(ci::Diff {
            base_sha: self.base_sha.clone(),
            head_sha: self.head_sha.clone(),
            files,
            truncated,
        })
    }

    async fn read_file(
        &self,
        args: ci::ReadFileArgs,
        _ctx: CallContext,
    ) -> Result<ci::FileSlice, ToolError> {
        let rel = self.repo_path(&args.path, ci::ReadFileErrors::outside_workspace)?;
        let path = self.resolve(&rel);
        if rel.is_empty() || !path.is_file() {
            return Err(ci::ReadFileErrors::file_not_found());
        }
        let bytes = fs::read(&path).map_err(internal)?;
        let text = String::from_utf8(bytes).map_err(|_| ci::ReadFileErrors::not_a_text_file())?;
        let lines: Vec<&str> = text.lines().collect();
        let start = index(args.start_line).max(1);
        let last_wanted = args.end_line.map_or(lines.len(), index);
        let end = last_wanted
            .min(lines.len())
            .min(start - 1 + MAX_FILE_LINES)
            .max(start - 1);
        let slice = lines.get(start - 1..end).unwrap_or_default();
        Ok(ci::FileSlice {
            path: rel,
            start_line: args.start_line,
            end_line: count(end),
            total_lines: count(lines.len()),
            lines: slice.iter().map(|l| l.to_string()).collect(),
        })
    }

    async fn search_code(
        &self,
        args: ci::SearchCodeArgs,
        _ctx: CallContext,
    ) -> Result<ci::SearchResults, ToolError> {
        let pattern = match args.mode {
            common::MatchMode::Literal => regex::escape(&args.query),
            common::MatchMode::Regex => args.query.clone(),
        };
        let re = regex::RegexBuilder::new(&pattern)
            .case_insensitive(!args.case_sensitive)
            .size_limit(1 << 20)
            .build()
            .map_err(|e| ci::SearchCodeErrors::invalid_regex().with_message(e.to_string()))?;
        let dir = match &args.path_prefix {
            Some(p) => self.repo_path(p, ci::SearchCodeErrors::outside_workspace)?,
            None => String::new(),
        };
        let max = index(args.max_results);
        let mut matches = Vec::new();
        let mut truncated = false;
        'files: for file in repo::files_under(self.repo_root(), "", usize::MAX) {
            if !repo::is_under(&file, &dir) {
                continue;
            }
            let Ok(text) = fs::read_to_string(self.resolve(&file)) else {
                continue; // binary files hold no code to search
            };
            for (i, line) in text.lines().enumerate() {
                let Some(m) = re.find(line) else {
                    continue;
                };
                if matches.len() == max {
                    truncated = true;
                    break 'files;
                }
                matches.push(common::TextMatch {
                    path: file.clone(),
                    line: count(i + 1),
                    column: repo::column_of(line, m.start()),
                    text: repo::clip(line, 400),
                });
            }
        }
        Ok(ci::SearchResults { matches, truncated })
    }

    async fn list_files(
        &self,
        args: ci::ListFilesArgs,
        _ctx: CallContext,
    ) -> Result<ci::FileList, ToolError> {
        let dir = self.repo_path(&args.under, ci::ListFilesErrors::outside_workspace)?;
        if !self.resolve(&dir).is_dir() {
            return Err(ci::ListFilesErrors::file_not_found());
        }
        let mut paths = repo::files_under(self.repo_root(), &dir, index(args.max_depth));
        let truncated = paths.len() > MAX_LISTED;
        paths.truncate(MAX_LISTED);
        Ok(ci::FileList { paths, truncated })
    }
}

/// Maps a path from a test report (relative to wherever the runner ran) to
/// a repository path: itself when it exists, else the one file ending with it.
fn locate(files: &[String], reported: &str) -> Option<String> {
    if files.iter().any(|f| f == reported) {
        return Some(reported.to_string());
    }
    let suffix = format!("/{reported}");
    let mut candidates = files.iter().filter(|f| f.ends_with(&suffix));
    match (candidates.next(), candidates.next()) {
        (Some(only), None) => Some(only.clone()),
        _ => None,
    }
}
