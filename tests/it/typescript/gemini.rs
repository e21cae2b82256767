//! The real consumer of the Gemini adapter's answers: the `functionResponse`
//! parts the harness got from `respondToGemini` (written by
//! `tests/typescript/adapters.ts` as `gemini-parts.json` in each case's
//! directory) are `google.genai.types.Part`s, with unknown fields raising,
//! that read back unchanged. The TypeScript compiler checks the same against
//! the npm SDK's types; this checks the JSON itself.

use std::fs;
use std::path::Path;

use serde_json::Value;

use crate::common::python;

const PARTS_PY: &str = r"
import json, sys
from google.genai import types

failures = []
for model in (types.Part, types.FunctionResponse):
    if model.model_config.get('extra') != 'forbid':
        failures.append(f'{model.__name__} does not forbid unknown fields')
for label, parts in json.load(sys.stdin):
    for part in parts:
        try:
            read = types.Part.model_validate(part)
        except Exception as e:
            failures.append(f'{label}: rejected {json.dumps(part)}: {e}')
            continue
        back = read.model_dump(mode='json', by_alias=True, exclude_none=True)
        if back != part:
            failures.append(f'{label}: read back as {json.dumps(back)}')
print('\n'.join(failures))
sys.exit(1 if failures else 0)
";

/// Validates the parts every case directory under `work` holds.
pub fn sdk_takes_the_parts(work: &Path, labels: &[String]) {
    let Some(python) = python::venv_python(&["google-genai"]) else {
        eprintln!("TOOLC_SKIP_PYTHON=1: skipping the google-genai check of the Gemini answers");
        return;
    };
    let mut all: Vec<(String, Value)> = Vec::new();
    for label in labels {
        let path = work.join(label).join("gemini-parts.json");
        if let Ok(text) = fs::read_to_string(&path) {
            let parts =
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            all.push((label.clone(), parts));
        }
    }
    assert!(
        all.len() >= 4,
        "only {} cases wrote Gemini answers",
        all.len()
    );
    python::run_script(
        &python,
        PARTS_PY,
        &all,
        "google-genai rejected a Gemini answer",
    );
}
