//! Splits a `git diff` into per-file patches.

use crate::ci::ChangeKind;

#[derive(Debug, Clone)]
pub struct FilePatch {
    pub path: String,
    pub old_path: Option<String>,
    pub change: ChangeKind,
    /// From the first `@@` line on.
    pub lines: Vec<String>,
    pub additions: i64,
    pub deletions: i64,
}

pub fn parse(text: &str) -> Vec<FilePatch> {
    let mut patches: Vec<FilePatch> = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("diff --git ") {
            let (old, new) = split_paths(rest);
            patches.push(FilePatch {
                old_path: (old != new).then(|| old.clone()),
                path: new,
                change: ChangeKind::Modified,
                lines: Vec::new(),
                additions: 0,
                deletions: 0,
            });
            continue;
        }
        let Some(patch) = patches.last_mut() else {
            continue;
        };
        if patch.lines.is_empty() && !line.starts_with("@@") {
            // Extended header lines before the first hunk.
            if line.starts_with("new file mode") {
                patch.change = ChangeKind::Added;
            } else if line.starts_with("deleted file mode") {
                patch.change = ChangeKind::Deleted;
            } else if line.starts_with("rename from ") {
                patch.change = ChangeKind::Renamed;
            }
            continue;
        }
        if line.starts_with('+') {
            patch.additions += 1;
        } else if line.starts_with('-') {
            patch.deletions += 1;
        }
        patch.lines.push(line.to_string());
    }
    for patch in &mut patches {
        if patch.change != ChangeKind::Renamed {
            patch.old_path = None;
        }
    }
    patches
}

/// `a/src/x.rs b/src/y.rs` -> (`src/x.rs`, `src/y.rs`).
fn split_paths(rest: &str) -> (String, String) {
    match rest.split_once(" b/") {
        Some((old, new)) => (
            old.strip_prefix("a/").unwrap_or(old).to_string(),
            new.to_string(),
        ),
        None => (rest.to_string(), rest.to_string()),
    }
}
