//! The repository snapshot: listing, reading and searching files.

use std::fs;
use std::path::Path;

/// Every file under `dir` (a normalised repository path, `""` for the root)
/// down to `max_depth` levels, as sorted repository paths.
pub fn files_under(root: &Path, dir: &str, max_depth: usize) -> Vec<String> {
    let mut out = Vec::new();
    let start = if dir.is_empty() {
        root.to_path_buf()
    } else {
        root.join(dir)
    };
    walk(&start, dir, max_depth, &mut out);
    out.sort();
    out
}

fn walk(path: &Path, rel: &str, depth_left: usize, out: &mut Vec<String>) {
    if depth_left == 0 {
        return;
    }
    let Ok(entries) = fs::read_dir(path) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let child = if rel.is_empty() {
            name
        } else {
            format!("{rel}/{name}")
        };
        // Symbolic links are not followed, so nothing outside the snapshot
        // is ever listed or read.
        match entry.file_type() {
            Ok(t) if t.is_dir() => walk(&entry.path(), &child, depth_left - 1, out),
            Ok(t) if t.is_file() => out.push(child),
            _ => {}
        }
    }
}

/// Whether `path` is `dir` itself or lies under it (`""` holds everything).
pub fn is_under(path: &str, dir: &str) -> bool {
    dir.is_empty()
        || path == dir
        || path
            .strip_prefix(dir)
            .is_some_and(|rest| rest.starts_with('/'))
}

/// Number of characters (not bytes) before byte offset `at`.
pub fn column_of(line: &str, at: usize) -> i64 {
    line.get(..at).map_or(0, |s| s.chars().count()) as i64 + 1
}

/// The first `max` characters of `s`.
pub fn clip(s: &str, max: usize) -> String {
    s.chars().take(max).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn under() {
        assert!(is_under("src/a.rs", "src"));
        assert!(is_under("src", "src"));
        assert!(!is_under("srcx/a.rs", "src"));
        assert!(is_under("anything", ""));
    }

    #[test]
    fn columns_count_characters() {
        assert_eq!(
            column_of("héllo world", "héllo world".find('w').unwrap_or(0)),
            7
        );
    }
}
