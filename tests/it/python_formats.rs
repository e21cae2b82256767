//! String formats decide alike in every runtime: every string one edit
//! away from each format's samples (a character replaced, inserted or
//! removed, from the characters formats are made of) is valid for the
//! Python runtime exactly when it is for the Rust runtime
//! (`toolc_runtime::formats`). Fails unless `TOOLC_SKIP_PYTHON=1`.

use serde_json::json;
use toolc_runtime::formats::Format;

use crate::common::python::{run_script, venv_with_runtime};

/// Per format, strings to start from: valid ones and near misses.
const SEEDS: &[(&str, &[&str])] = &[
    (
        "date-time",
        &[
            "2024-01-31T09:30:00Z",
            "2024-02-29t09:30:00.5+02:00",
            "2016-12-31T23:59:60Z",
        ],
    ),
    ("date", &["2024-01-31", "2000-02-29", "1900-02-28"]),
    (
        "time",
        &[
            "09:30:00Z",
            "23:59:60Z",
            "01:29:60+01:30",
            "00:00:00.123-00:00",
        ],
    ),
    (
        "duration",
        &["P3D", "PT1H30M", "P2W", "P1Y2M3DT4H5M6S", "P1M"],
    ),
    (
        "email",
        &[
            "a@example.com",
            "first.last+tag@sub.example.org",
            "\"a b\"@example.com",
            "x@[127.0.0.1]",
            "x@[IPv6:::1]",
        ],
    ),
    (
        "hostname",
        &["example.com", "a", "xn--bcher-kva.example", "a-b.c"],
    ),
    ("ipv4", &["0.0.0.0", "192.168.1.255", "255.255.255.255"]),
    (
        "ipv6",
        &[
            "::",
            "::1",
            "2001:db8::8a2e:370:7334",
            "1:2:3:4:5:6:7:8",
            "::ffff:192.0.2.1",
            "1::2:1.2.3.4",
        ],
    ),
    (
        "uri",
        &[
            "https://example.com/a?b=c#d",
            "urn:isbn:0451450523",
            "mailto:a@example.com",
            "http://[::1]:8080/",
            "a:%20",
        ],
    ),
    ("uuid", &["123e4567-e89b-12d3-a456-426614174000"]),
    (
        "color",
        &[
            "#fff",
            "#1e90ff80",
            "rgb(30 144 255 / 50%)",
            "hsla(210, 100%, 56%, .5)",
            "oklch(62.8% 0.25 29.23)",
            "lab(none 20 -30)",
        ],
    ),
];

/// The characters edits put in.
const CHARS: &[char] = &[
    '0', '1', '2', '5', '9', 'a', 'f', 'g', 'z', 'A', 'F', 'P', 'T', 'Z', 'W', 'D', 'H', 'M', 'S',
    'Y', 'x', 'n', '-', '+', ':', '.', '/', '@', '[', ']', '%', '#', '?', '(', ')', ',', ' ', '"',
    '\\', '_', '~', 'é', '٣', '\n', '\t',
];

/// `seed` and every string one edit away from it.
fn edits(seed: &str) -> Vec<String> {
    let chars: Vec<char> = seed.chars().collect();
    let mut out = vec![seed.to_string(), format!("{seed}\n")];
    for i in 0..=chars.len() {
        for &c in CHARS {
            let mut inserted = chars.clone();
            inserted.insert(i, c);
            out.push(inserted.into_iter().collect());
            if i < chars.len() {
                let mut replaced = chars.clone();
                replaced[i] = c;
                out.push(replaced.into_iter().collect());
            }
        }
        if i < chars.len() {
            let mut removed = chars.clone();
            removed.remove(i);
            out.push(removed.into_iter().collect());
        }
    }
    out
}

const PY_SIDE: &str = r#"
import json, sys
from toolc_runtime.formats import FORMATS
job = json.load(sys.stdin)
sys.stdout.write(json.dumps([FORMATS[f](s) for f, s in job]))
"#;

#[test]
fn python_formats_decide_as_rusts() {
    let Some(python) = venv_with_runtime(&[]) else {
        return;
    };
    let mut job = Vec::new();
    let mut rust = Vec::new();
    for (name, seeds) in SEEDS {
        let format = Format::parse(name).unwrap_or_else(|| panic!("no format {name}"));
        for seed in *seeds {
            for s in edits(seed) {
                rust.push(format.is_valid(&s));
                job.push(json!([name, s]));
            }
        }
    }
    let out = run_script(&python, PY_SIDE, &job, "the Python formats");
    let python: Vec<bool> = serde_json::from_str(&out).expect("JSON from the Python side");
    assert_eq!(python.len(), job.len());
    let failures: Vec<String> = job
        .iter()
        .zip(rust.iter().zip(&python))
        .filter(|(_, (r, p))| r != p)
        .map(|(case, (r, _))| format!("{case}: Rust says {r}, Python the opposite"))
        .collect();
    let valid = rust.iter().filter(|v| **v).count();
    eprintln!(
        "python formats: {} strings, {valid} valid, {} differ",
        job.len(),
        failures.len()
    );
    assert!(
        valid > 500 && valid < job.len() - 500,
        "too one-sided: {valid} valid"
    );
    assert!(
        failures.is_empty(),
        "{} strings differ:\n{}",
        failures.len(),
        failures
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
