//! Import roots: the PATH's tree on the command line, the crate root in a
//! build script.

use super::load_with_root;

fn codes(loaded: &super::Loaded) -> Vec<&'static str> {
    loaded.diagnostics.iter().map(|d| d.code.as_str()).collect()
}

#[test]
fn imports_stay_under_the_path_unless_a_crate_root_is_given() {
    let dir = tempfile::tempdir().expect("temp dir");
    let tools = dir.path().join("tools");
    std::fs::create_dir(&tools).expect("mkdir");
    std::fs::write(dir.path().join("common.tool"), "type Id = string;\n").expect("write");
    std::fs::write(
        tools.join("api.tool"),
        "use \"../common.tool\";\n/// Get it.\ntool get(id: Id);\n",
    )
    .expect("write");
    let input = vec![tools.join("api.tool")];

    let plain = load_with_root(&input, None).expect("load");
    assert_eq!(codes(&plain), ["E0105", "E0102"]);

    let rooted = load_with_root(&input, Some(dir.path())).expect("load");
    assert!(codes(&rooted).is_empty(), "{:?}", codes(&rooted));
    assert_eq!(rooted.files_read.len(), 2);
    // The imported file's types are loaded, its package is not an output.
    assert_eq!(rooted.program.packages.len(), 1);
    assert!(
        rooted
            .program
            .types
            .contains_key(&crate::ir::TypeKey::new("common", "Id"))
    );

    // An input outside the root keeps its own tree.
    let other = tempfile::tempdir().expect("temp dir");
    let outside = load_with_root(&input, Some(other.path())).expect("load");
    assert_eq!(codes(&outside), ["E0105", "E0102"]);
}
