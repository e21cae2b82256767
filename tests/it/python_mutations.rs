//! The Python validator on every argument object one change away from a
//! tool's declared examples (each position replaced by each value of a
//! pool, each key removed, an unknown key added), as the TypeScript target's
//! differential builds them: Python's verdict is the `jsonschema` crate's
//! on the emitted MCP input schema (with `int` as 64-bit), and its whole
//! answer (validated value, or error code, path, message and hint) is the
//! Rust runtime's (`toolc validate`). Fails unless `TOOLC_SKIP_PYTHON=1`.

use serde_json::{Map, Value, json};

use crate::common::python::venv_with_runtime;
use crate::python_agree::{
    bound_integers, differential_inputs, generate, run, truncate, unlike_rust, work_dir,
};
use crate::rust_common::mcp_tool;

/// Values tried at every position: numbers JavaScript writes in each of its
/// forms, strings near each format, every kind. No `null`: for an optional,
/// non-nullable argument the runtimes' one documented leniency (null means
/// absent) departs from the schema on purpose.
fn pool() -> Vec<Value> {
    let mut pool = vec![
        json!(0),
        json!(-1),
        json!(1),
        json!(7),
        json!(1.5),
        json!(0.25),
        json!(100000),
        json!(-3.75),
        json!(1e-7),
        json!(4096),
        json!(2.0),
        json!(1e21),
        json!(""),
        json!("a"),
        json!("1:2"),
        json!("ABC"),
        json!("x".repeat(41)),
        json!("é".repeat(130)),
    ];
    for s in [
        "2024-01-01",
        "2024-02-30",
        "2024-01-01T00:00:00Z",
        "2024-01-01T25:00:00Z",
        "12:00:00Z",
        "12:00:00",
        "P1D",
        "PT",
        "a@b.co",
        "a@@b",
        "example.com",
        "-bad-.com",
        "127.0.0.1",
        "256.0.0.1",
        "::1",
        "1::2::3",
        "https://x.y/z",
        "not a uri",
        "123e4567-e89b-12d3-a456-426614174000",
        "123e4567e89b12d3a456426614174000",
        "#FF00AA",
        "rgb(1 2 3)",
        "src/main.rs",
        "/abs",
        "TODO",
        "line\nbreak",
    ] {
        pool.push(json!(s));
    }
    pool.extend([
        json!(true),
        json!(false),
        json!([]),
        json!([1]),
        json!(["a"]),
        json!(["a", "a"]),
        json!([{}]),
        json!({}),
        json!({"a": 1}),
        json!({"kind": "circle", "radius": 1}),
    ]);
    pool
}

/// Every value one change away from `seed` (see the module's doc), to
/// depth 4.
fn neighbours(seed: &Value, pool: &[Value]) -> Vec<Value> {
    let mut out = Vec::new();
    visit(seed, &|v| v, 0, pool, &mut out);
    out
}

fn visit(
    value: &Value,
    rebuild: &dyn Fn(Value) -> Value,
    depth: usize,
    pool: &[Value],
    out: &mut Vec<Value>,
) {
    if depth > 4 {
        return;
    }
    match value {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let at = |v: Value| {
                    let mut copy = items.clone();
                    copy[i] = v;
                    rebuild(Value::Array(copy))
                };
                out.extend(pool.iter().map(|p| at(p.clone())));
                visit(item, &at, depth + 1, pool, out);
            }
        }
        Value::Object(map) => {
            let mut extra = map.clone();
            extra.insert("__toolc_unknown__".into(), json!(1));
            out.push(rebuild(Value::Object(extra)));
            for (key, item) in map {
                let mut rest = map.clone();
                rest.shift_remove(key);
                out.push(rebuild(Value::Object(rest)));
                let at = |v: Value| {
                    let mut copy = map.clone();
                    copy.insert(key.clone(), v);
                    rebuild(Value::Object(copy))
                };
                out.extend(pool.iter().map(|p| at(p.clone())));
                visit(item, &at, depth + 1, pool, out);
            }
        }
        _ => {}
    }
}

struct Candidate {
    input: String,
    tool: String,
    args: Value,
    schema_valid: bool,
    rust: Value,
}

#[test]
fn python_answers_every_neighbour_of_every_example_as_rust_does() {
    let Some(python) = venv_with_runtime(&[]) else {
        return;
    };
    let pool = pool();
    let mut jobs = Vec::new();
    let mut candidates: Vec<Vec<Candidate>> = Vec::new();
    for (name, input) in differential_inputs() {
        let (program, module) = generate(&input, &work_dir(&format!("mutations_{name}")));
        let mut requests = Vec::new();
        let mut mine = Vec::new();
        for package in program.packages.values() {
            for tool in package.tools.values() {
                let mut schema = mcp_tool(&program, tool)["inputSchema"].clone();
                bound_integers(&mut schema);
                let validator = jsonschema::options()
                    .should_validate_formats(true)
                    .build(&schema)
                    .unwrap_or_else(|e| panic!("{}: bad schema: {e}", tool.name));
                let mut seeds = vec![json!({})];
                for example in &tool.examples {
                    let args: Map<String, Value> = example
                        .args
                        .iter()
                        .map(|(k, v)| (k.clone(), v.value.clone()))
                        .collect();
                    seeds.push(Value::Object(args));
                }
                // Every parameter the examples leave out, filled in from its
                // own example or default, so that changes reach it too.
                for field in tool.params.values() {
                    let sample = field.examples.first().or(field.default.as_ref());
                    let Some(sample) = sample else { continue };
                    for seed in seeds.clone() {
                        if seed.get(&field.name).is_none() {
                            let mut filled = seed.clone();
                            filled[&field.name] = sample.value.clone();
                            seeds.push(filled);
                        }
                    }
                }
                let mut all = seeds.clone();
                for seed in &seeds {
                    all.extend(neighbours(seed, &pool));
                }
                for args in all {
                    let rust =
                        match toolc::internal::validate::validate(&program, tool, args.clone()) {
                            Ok(value) => json!({"ok": true, "value": value}),
                            Err(error) => json!({"ok": false, "error": error}),
                        };
                    requests.push(json!({"tool": tool.name, "args": args}));
                    mine.push(Candidate {
                        input: name.clone(),
                        tool: tool.name.clone(),
                        schema_valid: validator.is_valid(&args),
                        args,
                        rust,
                    });
                }
            }
        }
        jobs.push(json!({"module": module, "requests": requests}));
        candidates.push(mine);
    }
    let answers = run(&python, &jobs);
    let mut failures = Vec::new();
    let mut compared = 0;
    for (mine, results) in candidates.iter().zip(&answers) {
        assert_eq!(mine.len(), results.len(), "one result per candidate");
        for (c, result) in mine.iter().zip(results) {
            compared += 1;
            let ok = result["ok"] == json!(true);
            let why = if ok != c.schema_valid {
                Some(format!("schema_valid={} got={ok}", c.schema_valid))
            } else {
                unlike_rust(result, &c.rust).map(|what| format!("{what} than Rust's {}", c.rust))
            };
            if let Some(why) = why {
                failures.push(format!(
                    "{}::{} {why}: args={} -> {}",
                    c.input,
                    c.tool,
                    truncate(&c.args.to_string()),
                    truncate(&result.to_string())
                ));
            }
        }
    }
    eprintln!(
        "python mutations: {compared} argument objects, {} failures",
        failures.len()
    );
    assert!(compared > 1000, "only {compared} argument objects");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
