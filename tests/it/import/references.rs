//! References, allOf, tagged unions, encodings and the package name.

use super::*;

#[test]
fn nullable_references_stay_nullable_on_every_use() {
    let (source, warnings) = schema(
        r##"{"type": "object", "properties": {
        "a": {"$ref": "#/$defs/Mode"}, "b": {"$ref": "#/$defs/Mode"},
        "c": {"$ref": "#/$defs/P"}, "d": {"$ref": "#/$defs/P"}
    }, "$defs": {
        "Mode": {"type": ["string", "null"], "enum": ["on", "off", null]},
        "P": {"type": ["object", "null"], "properties": {"x": {"type": "number"}}}
    }}"##,
    );
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(
        params(&source),
        "    a?: Mode | null,\n    b?: Mode | null,\n    c?: P | null,\n    d?: P | null,\n"
    );
    let built = built_mcp_tool(&source, "t");
    // `P` does not close itself, so it stays open.
    let p = serde_json::json!({"anyOf": [{"type": "object", "properties": {"x": {"type": "number"}}}, {"type": "null"}]});
    assert_eq!(built["inputSchema"]["properties"]["d"], p);
    assert_eq!(
        built["inputSchema"]["properties"]["b"],
        serde_json::json!({"type": ["string", "null"], "enum": ["on", "off", null]})
    );
}

#[test]
fn a_root_ref_is_read_with_its_siblings() {
    let (source, warnings) = schema(
        r##"{"$ref": "#/$defs/Args", "description": "Root doc.", "required": ["id", "nope"], "properties": {"extra": {"type": "string"}}, "minProperties": 1,
        "$defs": {"Args": {"type": "object", "properties": {"id": {"type": "string"}}, "x-thing": 1}}}"##,
    );
    assert_eq!(params(&source), "    extra?: string,\n    id: string,\n");
    assert_eq!(
        warnings,
        vec![
            "t: /inputSchema/description: input schema description next to the tool's, dropped",
            "t: /inputSchema/minProperties: keyword not supported, dropped",
            "t: /inputSchema/$defs/Args/x-thing: keyword not supported, dropped",
            "t: /inputSchema/required: required property `nope` is not defined, dropped",
        ]
    );
    let built = built_mcp_tool(&source, "t");
    assert_eq!(
        built["inputSchema"],
        // Open as imported: neither layer closes it.
        serde_json::json!({"type": "object", "properties": {"extra": {"type": "string"}, "id": {"type": "string"}}, "required": ["id"]})
    );
}

#[test]
fn all_of_merges_a_property_keyword_by_keyword() {
    let (source, warnings) = schema(
        r#"{"type": "object", "properties": {"a": {"allOf": [
        {"type": "object", "properties": {"n": {"type": "string", "minLength": 2}}},
        {"properties": {"n": {"maxLength": 5}}}
    ]}}}"#,
    );
    assert!(warnings.is_empty(), "{warnings:?}");
    assert!(
        source.contains("struct A {\n    n?: string len 2..=5,\n}"),
        "{source}"
    );
    let built = built_mcp_tool(&source, "t");
    assert_eq!(
        built["inputSchema"]["properties"]["a"]["properties"]["n"],
        serde_json::json!({"type": "string", "minLength": 2, "maxLength": 5})
    );
}

#[test]
fn tagged_union_branches_report_what_a_variant_cannot_carry() {
    let (source, warnings) = schema(
        r##"{"type": "object", "properties": {"pet": {"oneOf": [
        {"$ref": "#/$defs/Cat", "description": "A cat", "x-note": 1},
        {"$ref": "#/$defs/Dog", "deprecated": true}
    ]}}, "$defs": {
        "Cat": {"type": "object", "properties": {"kind": {"const": "cat", "default": "cat"}, "v": {"type": "string"}}, "required": ["kind"]},
        "Dog": {"type": "object", "properties": {"kind": {"const": "dog"}, "v": {"type": "string"}}, "required": ["v"]}
    }}"##,
    );
    assert!(
        source.contains("union Pet by kind {\n    /// A cat\n    cat: Cat,\n    dog: Dog,\n}"),
        "{source}"
    );
    assert_eq!(
        warnings,
        vec![
            "t: /inputSchema/properties/pet/oneOf/0/x-note: keyword next to a union variant's `$ref` not carried, dropped",
            "t: /inputSchema/$defs/Cat/properties/kind/default: default of a union tag not carried, dropped",
            "t: /inputSchema/properties/pet/oneOf/1/deprecated: keyword next to a union variant's `$ref` not carried, dropped",
            "t: /inputSchema/$defs/Dog/properties/kind: union tag is optional here; toolc's tagged union requires it",
        ]
    );
    let built = built_mcp_tool(&source, "t");
    assert_eq!(
        built["inputSchema"]["properties"]["pet"]["anyOf"][0]["description"],
        "A cat"
    );
}

#[test]
fn a_file_that_is_not_utf8_is_refused_and_a_bom_is_skipped() {
    let dir = tempfile::tempdir().expect("tempdir");
    let latin1 = dir.path().join("latin1.json");
    fs::write(
        &latin1,
        b"{\"tools\":[{\"name\":\"x\",\"description\":\"caf\xe9\",\"inputSchema\":{\"type\":\"object\"}}]}",
    )
    .expect("write");
    let (code, stdout, stderr) = toolc(&["import", &latin1.to_string_lossy()]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("I0002") && stderr.contains("invalid UTF-8 at byte 40"),
        "{stderr}"
    );
    assert!(stdout.is_empty(), "nothing is imported: {stdout}");

    let bom = dir.path().join("bom.json");
    fs::write(
        &bom,
        "\u{feff}{\"tools\":[{\"name\":\"get_x\",\"inputSchema\":{\"type\":\"object\"},\"annotations\":{\"readOnlyHint\":true,\"openWorldHint\":false}}]}",
    )
    .expect("write");
    let (code, stdout, stderr) = toolc(&["import", &bom.to_string_lossy()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("tool get_x()"), "{stdout}");
}

#[test]
fn cli_import_names_the_package_after_the_output_or_the_option() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("tools.json");
    fs::write(
        &input,
        r#"{"tools": [{"name": "ping_host", "inputSchema": {"type": "object"}}]}"#,
    )
    .expect("write");
    let input = input.to_string_lossy().into_owned();
    let package_of = |path: &Path| {
        let source = fs::read_to_string(path).expect("written");
        source.lines().next().unwrap_or_default().to_string()
    };

    // Two imports of files named `tools.json` into different files declare
    // different packages, so they can be built together.
    let out = dir.path().join("network-probes.tool");
    let (code, _, stderr) = toolc(&["import", &input, "-o", &out.to_string_lossy()]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(package_of(&out), "package network_probes;");

    let out = dir.path().join("b.tool");
    let (code, _, stderr) = toolc(&[
        "import",
        &input,
        "-o",
        &out.to_string_lossy(),
        "--package",
        "probes",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(package_of(&out), "package probes;");

    // Without -o, the input's name.
    let (code, stdout, _) = toolc(&["import", &input]);
    assert_eq!(code, 0);
    assert!(stdout.starts_with("package tools;\n"), "{stdout}");

    // A name the language cannot declare is a usage error.
    let (code, _, stderr) = toolc(&["import", &input, "--package", "Net-Probes"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("`--package Net-Probes`"), "{stderr}");
}
