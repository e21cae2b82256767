//! Output files written beside their final names and renamed into place only
//! when the whole build has succeeded.
//!
//! A build compares each package's files with the output directory as soon
//! as the package is generated. A changed file goes to a hidden temporary
//! file in that directory and its text is dropped, so a build never holds
//! all of its output in memory at once. [`Stage::commit`] renames the
//! temporary files over their targets, so a reader sees the old file or the
//! new one, never half of one. Dropping a [`Stage`] without committing it
//! removes them again (and the output directory, when the stage created it),
//! so a build that fails writes nothing.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// Temporary files end with this; a build's stale-file pass removes any it
/// finds (left by a build that was killed before it could clean up).
pub const TEMP_SUFFIX: &str = ".toolc-tmp";

/// Whether `name` is one of toolc's temporary files.
pub fn is_temp_name(name: &str) -> bool {
    name.starts_with('.') && name.ends_with(TEMP_SUFFIX)
}

/// One generated file of a stage.
#[derive(Debug)]
pub struct StagedFile {
    pub name: String,
    /// The temporary file with the new contents; `None` when the directory
    /// already holds exactly these contents under `name`.
    temp: Option<PathBuf>,
}

/// Files staged in one output directory.
#[derive(Debug)]
pub struct Stage {
    dir: PathBuf,
    /// The outermost directory this stage created (`dir` or one of its
    /// ancestors), removed again when nothing is committed.
    created: Option<PathBuf>,
    /// Set once `dir` is known to exist, so that each file does not ask.
    dir_made: std::sync::OnceLock<()>,
    /// This process's id, which temporary names carry.
    pid: u32,
    files: Vec<StagedFile>,
}

impl Stage {
    /// A stage for `dir`, which need not exist yet: it is created with the
    /// first changed file.
    pub fn new(dir: &Path) -> Self {
        let created = dir
            .ancestors()
            .take_while(|d| !d.as_os_str().is_empty() && !d.exists())
            .last()
            .map(Path::to_path_buf);
        Stage {
            dir: dir.to_path_buf(),
            created,
            dir_made: std::sync::OnceLock::new(),
            pid: std::process::id(),
            files: Vec::new(),
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Stages `files` in order. Several threads may stage at once; the
    /// caller then hands every result to [`Stage::add`], in the order the
    /// files should be committed. On an error, the files staged before it
    /// come back with it, so that they are still cleaned up.
    pub fn stage_all<C: AsRef<[u8]>>(
        &self,
        files: impl IntoIterator<Item = (String, C)>,
    ) -> (Vec<StagedFile>, Option<io::Error>) {
        let mut staged = Vec::new();
        for (name, contents) in files {
            match self.stage(name, contents.as_ref()) {
                Ok(file) => staged.push(file),
                Err(e) => return (staged, Some(e)),
            }
        }
        (staged, None)
    }

    fn stage(&self, name: String, contents: &[u8]) -> io::Result<StagedFile> {
        if holds(&self.dir.join(&name), contents) {
            return Ok(StagedFile { name, temp: None });
        }
        if self.dir_made.get().is_none() {
            fs::create_dir_all(&self.dir)?;
            let _ = self.dir_made.set(());
        }
        // The process id keeps two builds into one directory apart.
        let temp = self.dir.join(format!(".{name}.{}{TEMP_SUFFIX}", self.pid));
        fs::write(&temp, contents)?;
        Ok(StagedFile {
            name,
            temp: Some(temp),
        })
    }

    /// Takes over files staged by [`Stage::stage_all`].
    pub fn add(&mut self, files: Vec<StagedFile>) {
        self.files.extend(files);
    }

    /// The names of the staged files, in commit order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.files.iter().map(|f| f.name.as_str())
    }

    /// Renames every staged file into place. Returns the paths written and
    /// those already current, each in staging order.
    pub fn commit(mut self) -> io::Result<(Vec<PathBuf>, Vec<PathBuf>)> {
        let mut written = Vec::new();
        let mut unchanged = Vec::new();
        let files = std::mem::take(&mut self.files);
        let mut files = files.into_iter();
        while let Some(file) = files.next() {
            let path = self.dir.join(&file.name);
            match file.temp {
                None => unchanged.push(path),
                Some(temp) => {
                    if let Err(e) = fs::rename(&temp, &path) {
                        // Drop removes what is left.
                        let _ = fs::remove_file(&temp);
                        self.files = files.collect();
                        return Err(e);
                    }
                    written.push(path);
                }
            }
        }
        self.created = None;
        Ok((written, unchanged))
    }
}

impl Drop for Stage {
    /// Removes the temporary files of an uncommitted stage, and the
    /// directories it created when they are empty again.
    fn drop(&mut self) {
        for temp in self.files.iter().filter_map(|f| f.temp.as_ref()) {
            let _ = fs::remove_file(temp);
        }
        if let Some(top) = &self.created {
            for dir in self.dir.ancestors() {
                // Fails, and so stops, at a directory that is not empty.
                if fs::remove_dir(dir).is_err() || dir == top {
                    break;
                }
            }
        }
    }
}

/// Whether `path` already holds exactly `contents`.
pub(crate) fn holds(path: &Path, contents: &[u8]) -> bool {
    // A different length settles it without reading the old file.
    let same_length = fs::metadata(path).is_ok_and(|m| m.len() == contents.len() as u64);
    same_length && fs::read(path).is_ok_and(|existing| existing == contents)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .map(|rd| {
                rd.flatten()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        names
    }

    #[test]
    fn nothing_replaces_a_file_before_commit() {
        let dir = tempfile::tempdir().expect("tempdir");
        fs::write(dir.path().join("a.md"), "old\n").expect("write");
        let mut stage = Stage::new(dir.path());
        let (files, error) = stage.stage_all([("a.md".to_string(), b"new\n".as_slice())]);
        assert!(error.is_none());
        stage.add(files);
        assert_eq!(
            fs::read_to_string(dir.path().join("a.md")).expect("read"),
            "old\n"
        );
        let (written, unchanged) = stage.commit().expect("commit");
        assert_eq!(written, [dir.path().join("a.md")]);
        assert!(unchanged.is_empty());
        assert_eq!(
            fs::read_to_string(dir.path().join("a.md")).expect("read"),
            "new\n"
        );
        assert_eq!(names_in(dir.path()), ["a.md"], "no temporary file is left");
    }

    #[test]
    fn an_unchanged_file_is_neither_staged_nor_touched() {
        let dir = tempfile::tempdir().expect("tempdir");
        fs::write(dir.path().join("a.md"), "same\n").expect("write");
        let mut stage = Stage::new(dir.path());
        let (files, _) = stage.stage_all([("a.md".to_string(), b"same\n".as_slice())]);
        stage.add(files);
        assert_eq!(names_in(dir.path()), ["a.md"]);
        let (written, unchanged) = stage.commit().expect("commit");
        assert!(written.is_empty());
        assert_eq!(unchanged, [dir.path().join("a.md")]);
    }

    #[test]
    fn dropping_a_stage_removes_its_files_and_the_directories_it_made() {
        let dir = tempfile::tempdir().expect("tempdir");
        fs::write(dir.path().join("a.md"), "old\n").expect("write");
        let mut stage = Stage::new(dir.path());
        let (files, _) = stage.stage_all([
            ("a.md".to_string(), b"new\n".as_slice()),
            ("b.md".to_string(), b"b\n".as_slice()),
        ]);
        stage.add(files);
        assert_eq!(
            names_in(dir.path()).len(),
            3,
            "a.md and two temporary files"
        );
        drop(stage);
        assert_eq!(names_in(dir.path()), ["a.md"]);
        assert_eq!(
            fs::read_to_string(dir.path().join("a.md")).expect("read"),
            "old\n"
        );

        let nested = dir.path().join("x/y/out");
        let mut stage = Stage::new(&nested);
        let (files, _) = stage.stage_all([("a.md".to_string(), b"a\n".as_slice())]);
        stage.add(files);
        assert!(nested.join("").exists());
        drop(stage);
        assert!(
            !dir.path().join("x").exists(),
            "created directories are removed"
        );
    }

    #[test]
    fn temporary_names_are_recognised() {
        let dir = tempfile::tempdir().expect("tempdir");
        let stage = Stage::new(dir.path());
        let (files, _) = stage.stage_all([("p.openai.json".to_string(), b"[]\n".as_slice())]);
        let mut stage = stage;
        stage.add(files);
        let names = names_in(dir.path());
        assert_eq!(names.len(), 1);
        assert!(is_temp_name(&names[0]), "{names:?}");
        assert!(!is_temp_name("p.openai.json") && !is_temp_name(".toolc-manifest.json"));
    }
}
