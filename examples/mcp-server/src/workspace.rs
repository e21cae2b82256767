//! The fixtures directory: `jobs.json` (the CI run), `logs/` (one log per
//! job), `changes.diff` (the pull request) and `repo/` (the head commit).

use std::fs;
use std::path::{Component, Path, PathBuf};

use serde::Deserialize;

use crate::ci;
use crate::diff::{self, FilePatch};

/// One job as `jobs.json` records it.
#[derive(Debug, Clone, Deserialize)]
pub struct JobRecord {
    pub id: i64,
    pub name: String,
    pub status: ci::JobStatus,
    pub conclusion: Option<ci::Conclusion>,
    pub runner: String,
    pub started_at: Option<String>,
    pub finished_at: Option<String>,
    /// The log file, relative to the fixtures directory; null while queued.
    pub log: Option<String>,
}

#[derive(Debug, Deserialize)]
struct RunRecord {
    base_sha: String,
    head_sha: String,
    jobs: Vec<JobRecord>,
}

pub struct Workspace {
    root: PathBuf,
    repo: PathBuf,
    pub base_sha: String,
    pub head_sha: String,
    pub jobs: Vec<JobRecord>,
    pub patches: Vec<FilePatch>,
}

/// Why a path given by the model cannot be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathProblem {
    /// It climbs out of the repository (`..`, or absolute).
    Outside,
}

impl Workspace {
    pub fn load(root: &Path) -> Result<Workspace, String> {
        let read =
            |name: &str| fs::read_to_string(root.join(name)).map_err(|e| format!("{name}: {e}"));
        let run: RunRecord =
            serde_json::from_str(&read("jobs.json")?).map_err(|e| format!("jobs.json: {e}"))?;
        let patches = diff::parse(&read("changes.diff")?);
        let repo = root.join("repo");
        if !repo.is_dir() {
            return Err("repo/ is missing".into());
        }
        Ok(Workspace {
            root: root.to_path_buf(),
            repo,
            base_sha: run.base_sha,
            head_sha: run.head_sha,
            jobs: run.jobs,
            patches,
        })
    }

    pub fn job(&self, id: i64) -> Option<&JobRecord> {
        self.jobs.iter().find(|j| j.id == id)
    }

    /// The job's log lines with colour codes removed, or `None` when the job
    /// has no log yet.
    pub fn log_lines(&self, job: &JobRecord) -> Result<Option<Vec<String>>, String> {
        let Some(log) = &job.log else {
            return Ok(None);
        };
        let bytes = fs::read(self.root.join(log)).map_err(|e| format!("{log}: {e}"))?;
        let text = String::from_utf8_lossy(&bytes);
        Ok(Some(text.lines().map(crate::logs::strip_ansi).collect()))
    }

    pub fn repo_root(&self) -> &Path {
        &self.repo
    }

    /// Normalises a repository-relative path (`./src//a.rs` -> `src/a.rs`,
    /// `.` -> ``), refusing anything that leaves the repository.
    pub fn normalize(&self, rel: &str) -> Result<String, PathProblem> {
        let mut parts: Vec<String> = Vec::new();
        for component in Path::new(rel).components() {
            match component {
                Component::Normal(part) => parts.push(part.to_string_lossy().into_owned()),
                Component::CurDir => {}
                Component::ParentDir => {
                    if parts.pop().is_none() {
                        return Err(PathProblem::Outside);
                    }
                }
                Component::RootDir | Component::Prefix(_) => return Err(PathProblem::Outside),
            }
        }
        Ok(parts.join("/"))
    }

    /// The file system path of a normalised repository path.
    pub fn resolve(&self, normalized: &str) -> PathBuf {
        if normalized.is_empty() {
            self.repo.clone()
        } else {
            self.repo.join(normalized)
        }
    }
}
