//! Compiles the generated Rust of every case under `#![deny(warnings)]` and
//! clippy, then checks accept/reject decisions and error paths through the
//! generated parsers.

use crate::rust_common as common;

use serde_json::{Value, json};

fn request(module: &str, tool: &str, args: Value) -> Value {
    json!({"module": module, "tool": tool, "args": args})
}

#[test]
fn generated_code_compiles_and_validates() {
    let (_packages, harness) = common::build_all(true);
    let base = json!({"id": "1:2", "font": "Inter", "parent": null});
    let with = |extra: Value| {
        let mut v = base.clone();
        for (k, x) in extra.as_object().unwrap() {
            v[k] = x.clone();
        }
        v
    };
    // (args, expected error path or None when accepted)
    let cases: Vec<(Value, Option<&str>)> = vec![
        (base.clone(), None),
        (with(json!({"weight": 700.0})), None),
        (with(json!({"weight": 700.5})), Some("/weight")),
        (with(json!({"weight": 500})), Some("/weight")),
        (with(json!({"id": "12"})), Some("/id")),
        (with(json!({"font": ""})), Some("/font")),
        (with(json!({"font": "ééééé"})), None),
        (with(json!({"font": "éééééé"})), Some("/font")),
        (with(json!({"opacity": 0.75})), None),
        (with(json!({"opacity": 1})), Some("/opacity")),
        (with(json!({"opacity": 0.3})), Some("/opacity")),
        (with(json!({"opacity": null})), None),
        (with(json!({"tags": ["a", "b"]})), None),
        (with(json!({"tags": ["a", "a"]})), Some("/tags/1")),
        (with(json!({"tags": ["a", 1]})), Some("/tags/1")),
        (with(json!({"tags": ["a", "b", "c", "d"]})), Some("/tags")),
        (with(json!({"align": "New York"})), None),
        (with(json!({"align": "right"})), Some("/align")),
        (with(json!({"mode": "merge"})), None),
        (with(json!({"type": "x", "self": 3.0})), None),
        (with(json!({"self": 3.5})), Some("/self")),
        (
            with(json!({"shape": {"kind": "circle", "radius": 2}})),
            None,
        ),
        (
            with(json!({"shape": {"kind": "circle", "radius": 0}})),
            Some("/shape/radius"),
        ),
        (
            with(json!({"shape": {"kind": "oval"}})),
            Some("/shape/kind"),
        ),
        (
            with(json!({"shape": {"kind": "rect", "w": 1, "h": 2, "x": 0}})),
            Some("/shape/x"),
        ),
        (with(json!({"meta": {"abc": 1}})), None),
        (with(json!({"meta": {"ABC": 1}})), Some("/meta/ABC")),
        (with(json!({"at": "2024-02-29T12:00:00Z"})), None),
        (with(json!({"at": "2023-02-29T12:00:00Z"})), Some("/at")),
        (with(json!({"count": 10})), None),
        (with(json!({"count": 11})), Some("/count")),
        (with(json!({"either": "x"})), None),
        (with(json!({"either": 2.0})), None),
        (with(json!({"either": true})), Some("/either")),
        (with(json!({"extra": {"anything": [1, null]}})), None),
        (with(json!({"unknown": 1})), Some("/unknown")),
        (json!({"font": "Inter", "parent": null}), Some("/id")),
        (json!({"id": "1:2", "font": "Inter"}), Some("/parent")),
        (json!([1]), Some("")),
    ];
    let requests: Vec<Value> = cases
        .iter()
        .map(|(args, _)| request("fixture", "set_font", args.clone()))
        .collect();
    let results = common::gen_crate::run_harness(&harness, &requests);
    let mut failures = Vec::new();
    for ((args, expected), result) in cases.iter().zip(&results) {
        let got = if result["ok"] == json!(true) {
            None
        } else {
            result["error"]["path"].as_str()
        };
        if got != *expected {
            failures.push(format!("{args}: expected {expected:?}, got {result}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));

    let unknown =
        common::gen_crate::run_harness(&harness, &[request("fixture", "nope", json!({}))]);
    assert_eq!(unknown[0]["error"]["code"], "unknown_tool");
    let no_args =
        common::gen_crate::run_harness(&harness, &[request("fixture", "ping", Value::Null)]);
    assert_eq!(no_args[0]["ok"], true, "{no_args:?}");

    let keyword_cases = [
        (
            "self",
            json!({"self": {"self": "a", "type": "b", "r#type": "c", "_": "d"}, "crate": 3}),
            None,
        ),
        (
            "Self",
            json!({"Self": "Self", "super": {"crate": "x"}}),
            None,
        ),
        ("type", json!({"type": "r#type"}), None),
        ("fn", json!({"fn": "nope"}), Some("/fn")),
        ("crate", json!({"crate": 1.5}), Some("/crate")),
        ("_", json!({"_": "_"}), None),
    ];
    let requests: Vec<Value> = keyword_cases
        .iter()
        .map(|(tool, args, _)| request("keywords", tool, args.clone()))
        .collect();
    let results = common::gen_crate::run_harness(&harness, &requests);
    for ((tool, args, expected), result) in keyword_cases.iter().zip(&results) {
        let got = if result["ok"] == json!(true) {
            None
        } else {
            result["error"]["path"].as_str()
        };
        assert_eq!(got, *expected, "{tool} {args}: {result}");
    }

    // An optional, nullable parameter tells absent from `null`.
    let basic = json!({"id": "1:2", "font": "Inter", "parent": null});
    let with_note = |note: Option<Value>| {
        let mut args = basic.clone();
        if let Some(note) = note {
            args["note"] = note;
        }
        request("case_basic", "set_font", args)
    };
    let notes = common::gen_crate::run_harness(
        &harness,
        &[
            with_note(None),
            with_note(Some(Value::Null)),
            with_note(Some(json!("hi"))),
            with_note(Some(json!(3))),
        ],
    );
    let call = |r: &Value| r["call"].as_str().unwrap_or_default().to_string();
    assert!(call(&notes[0]).contains("note: None"), "{}", notes[0]);
    assert!(call(&notes[1]).contains("note: Some(None)"), "{}", notes[1]);
    assert!(
        call(&notes[2]).contains(r#"note: Some(Some("hi"))"#),
        "{}",
        notes[2]
    );
    assert_eq!(notes[3]["error"]["path"], "/note", "{}", notes[3]);

    // Formats the differential oracle gets wrong, decided here by the RFCs:
    // A-label prefixes and address-literal tags in any case.
    let shapes = json!([{"kind": "circle", "radius": 1}]);
    let draw = |key: &str, value: &str| {
        request("case_shapes", "draw", json!({"shapes": shapes, key: value}))
    };
    let formats = common::gen_crate::run_harness(
        &harness,
        &[
            draw("host", "XN--bcher-kva.example"),
            draw("email", "a@[IPv6:::1]"),
            draw("email", "a@[ipv6:::1]"),
            draw("host", "ab--cd.example"),
        ],
    );
    // multiple_of on the shortest decimals, exactly: 1e40 is a multiple of
    // 0.1; 10^24 is no multiple of 3 (its nearest double is).
    let steps = common::gen_crate::run_harness(
        &harness,
        &[
            request(
                "case_shapes",
                "draw",
                json!({"shapes": shapes, "tenth": 1e40}),
            ),
            request(
                "case_shapes",
                "draw",
                json!({"shapes": shapes, "tenth": 0.35}),
            ),
            request(
                "case_shapes",
                "draw",
                json!({"shapes": shapes, "third": 1e24}),
            ),
            request(
                "case_shapes",
                "draw",
                json!({"shapes": shapes, "third": 3e23}),
            ),
        ],
    );
    let paths: Vec<&Value> = steps.iter().map(|r| &r["error"]["path"]).collect();
    assert_eq!(
        paths,
        [
            &Value::Null,
            &json!("/tenth"),
            &json!("/third"),
            &Value::Null
        ],
        "{steps:?}"
    );
    for result in &formats[..3] {
        assert_eq!(result["ok"], true, "{result}");
    }
    assert_eq!(formats[3]["error"]["path"], "/host", "{}", formats[3]);

    let check = harness.with_file_name("fixture_check");
    let status = std::process::Command::new(check).status().unwrap();
    assert!(status.success(), "fixture_check failed");
}
