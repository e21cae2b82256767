//! The one way the tests keep snapshots: in the folder of the input they
//! come from (a case folder, or the folder of a corpus file), named for what
//! they hold and never for the test module, so that moving a test renames
//! no snapshot. A mismatch fails the test; `INSTA_UPDATE=always cargo test`
//! rewrites the snapshot, to be read before it is committed.

use std::path::Path;

/// Asserts `text` against `dir/{name}.snap`; `input` is the file the text
/// comes from, recorded in the snapshot's header.
pub fn assert(dir: &Path, name: &str, input: Option<&Path>, text: &str) {
    assert_described(dir, name, input, None, text);
}

/// [`assert`], with a description (what the case ran with) in the header.
pub fn assert_described(
    dir: &Path,
    name: &str,
    input: Option<&Path>,
    description: Option<&str>,
    text: &str,
) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(dir);
    settings.set_prepend_module_to_snapshot(false);
    if let Some(input) = input {
        settings.set_input_file(input);
    }
    if let Some(description) = description {
        settings.set_description(description);
    }
    settings.bind(|| insta::assert_snapshot!(name, text));
}
