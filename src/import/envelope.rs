//! Finding the tools in an input document and reading each tool's envelope
//! (name, description, schemas, annotations) whatever format it came in.

use serde_json::{Map, Value};

use super::{ImportError, Source, Warnings};

/// One tool as found in the input, before its schemas are converted.
pub struct RawTool<'a> {
    pub name: String,
    /// JSON pointer of the tool object in the input document.
    pub pointer: String,
    pub title: Option<String>,
    pub description: Option<String>,
    /// The parameters schema and its pointer relative to the tool.
    pub input: Option<(&'a Value, &'static str)>,
    pub output: Option<&'a Value>,
    pub annotations: Option<&'a Map<String, Value>>,
    pub meta: Option<&'a Map<String, Value>>,
    /// MCP `execution.taskSupport` when it is `optional` or `required`,
    /// carried as `@task_support(...)`.
    pub task_support: Option<&'static str>,
    /// OpenAI `strict: true`.
    pub strict: bool,
    /// Anthropic `input_examples`.
    pub examples: Vec<&'a Value>,
    pub source: Source,
}

/// The tool list of `doc` and where it sits.
fn tool_list(doc: &Value) -> Option<(&Vec<Value>, String)> {
    match doc {
        Value::Array(a) => Some((a, String::new())),
        Value::Object(o) => {
            if let Some(Value::Array(a)) = o.get("tools") {
                return Some((a, "/tools".into()));
            }
            if let Some(Value::Object(r)) = o.get("result") {
                if let Some(Value::Array(a)) = r.get("tools") {
                    return Some((a, "/result/tools".into()));
                }
            }
            None
        }
        _ => None,
    }
}

/// Which format a single tool object is in, from its keys.
fn detect(tool: &Map<String, Value>) -> Option<Source> {
    if tool.contains_key("inputSchema") {
        return Some(Source::Mcp);
    }
    if tool.get("type").and_then(Value::as_str) == Some("function") {
        return Some(Source::OpenAi);
    }
    if tool.contains_key("input_schema") {
        return Some(Source::Anthropic);
    }
    if tool.contains_key("parameters") {
        return Some(Source::OpenAi);
    }
    None
}

/// Reads the tools of `doc`. A single tool object is accepted too.
pub fn read_tools<'a>(
    doc: &'a Value,
    from: Option<Source>,
    warnings: &mut Warnings,
) -> Result<Vec<RawTool<'a>>, ImportError> {
    let (list, base): (&[Value], Option<String>) = match tool_list(doc) {
        Some((list, base)) => (list.as_slice(), Some(base)),
        // A lone tool object.
        None => match doc {
            Value::Object(o) if o.contains_key("name") || o.contains_key("function") => {
                (std::slice::from_ref(doc), None)
            }
            _ => {
                return Err(ImportError::new(
                    "no tool list found: expected {\"tools\": [...]}, a JSON-RPC result holding one, an array of tools or a single tool",
                ));
            }
        },
    };
    read_one_list(list, base, from, warnings)
}

fn read_one_list<'a>(
    list: &'a [Value],
    base: Option<String>,
    from: Option<Source>,
    warnings: &mut Warnings,
) -> Result<Vec<RawTool<'a>>, ImportError> {
    let mut tools = Vec::new();
    for (i, item) in list.iter().enumerate() {
        let pointer = base.as_ref().map_or(String::new(), |b| format!("{b}/{i}"));
        let Value::Object(obj) = item else {
            return Err(ImportError::new(format!(
                "{pointer}: a tool must be a JSON object"
            )));
        };
        let source = match (from, detect(obj)) {
            (Some(f), _) => f,
            (None, Some(d)) => d,
            (None, None) => {
                return Err(ImportError::new(format!(
                    "{pointer}: cannot tell the format of this tool (no inputSchema, input_schema, parameters or \"type\": \"function\"); name the format with --from mcp, openai or anthropic"
                )));
            }
        };
        tools.push(read_tool(obj, pointer, source, warnings)?);
    }
    Ok(tools)
}

fn string(obj: &Map<String, Value>, key: &str) -> Option<String> {
    obj.get(key).and_then(Value::as_str).map(str::to_string)
}

fn read_tool<'a>(
    obj: &'a Map<String, Value>,
    pointer: String,
    source: Source,
    warnings: &mut Warnings,
) -> Result<RawTool<'a>, ImportError> {
    // Chat Completions nests the function one level down.
    let (body, prefix) = match (source, obj.get("function")) {
        (Source::OpenAi, Some(Value::Object(f))) => (f, "/function"),
        _ => (obj, ""),
    };
    let Some(name) = string(body, "name") else {
        return Err(ImportError::new(format!(
            "{pointer}{prefix}: a tool needs a string \"name\""
        )));
    };
    let (input_key, known): (&'static str, &[&str]) = match source {
        Source::Mcp => (
            "inputSchema",
            &[
                "name",
                "title",
                "description",
                "inputSchema",
                "outputSchema",
                "annotations",
                "execution",
                "_meta",
                "input_examples",
            ],
        ),
        Source::OpenAi => (
            "parameters",
            &[
                "type",
                "name",
                "title",
                "description",
                "parameters",
                "strict",
                "function",
            ],
        ),
        Source::Anthropic => (
            "input_schema",
            &[
                "name",
                "title",
                "description",
                "input_schema",
                "input_examples",
                "type",
            ],
        ),
    };
    let mut tool = RawTool {
        name: name.clone(),
        pointer: pointer.clone(),
        title: string(body, "title"),
        description: string(body, "description"),
        input: None,
        output: None,
        annotations: None,
        meta: None,
        task_support: None,
        // Only OpenAI's strict mode spells optional as required-and-nullable.
        strict: source == Source::OpenAi
            && body.get("strict").and_then(Value::as_bool) == Some(true),
        examples: Vec::new(),
        source,
    };
    tool.input = body.get(input_key).map(|v| {
        let ptr: &'static str = match (source, prefix) {
            (Source::OpenAi, "/function") => "/function/parameters",
            (Source::OpenAi, _) => "/parameters",
            (Source::Mcp, _) => "/inputSchema",
            (Source::Anthropic, _) => "/input_schema",
        };
        (v, ptr)
    });
    if tool.input.is_none() && source != Source::OpenAi {
        warnings.push(
            Some(&name),
            &format!("{prefix}/{input_key}"),
            "missing; the tool takes no parameters",
        );
    }
    if source == Source::Mcp {
        tool.output = body.get("outputSchema");
        tool.annotations = body.get("annotations").and_then(Value::as_object);
        tool.meta = body.get("_meta").and_then(Value::as_object);
        if let Some(execution) = body.get("execution") {
            tool.task_support = read_execution(&name, execution, warnings);
        }
    }
    if body.get("title").is_some_and(|t| !t.is_string()) {
        warnings.push(
            Some(&name),
            &format!("{prefix}/title"),
            "not a string, dropped",
        );
    }
    if let Some(ex) = body.get("input_examples") {
        match ex.as_array() {
            Some(list) => tool.examples = list.iter().collect(),
            None => warnings.push(Some(&name), "/input_examples", "not an array, dropped"),
        }
    }
    for (key, value) in body {
        if known.contains(&key.as_str()) {
            continue;
        }
        let what = if key == "icons" {
            "icons cannot be carried by a .tool file, dropped"
        } else {
            "tool key not supported, dropped"
        };
        let _ = value;
        warnings.push(
            Some(&name),
            &format!("{prefix}/{}", escape_pointer(key)),
            what,
        );
    }
    if source == Source::OpenAi && prefix == "/function" {
        for key in obj.keys().filter(|k| *k != "type" && *k != "function") {
            warnings.push(
                Some(&name),
                &format!("/{}", escape_pointer(key)),
                "tool key not supported, dropped",
            );
        }
    }
    Ok(tool)
}

/// MCP's `execution` object: its `taskSupport`, when it is `optional` or
/// `required` (`@task_support`). `forbidden` is what an absent `execution`
/// means (the MCP SDKs write it out), so it is read as nothing.
fn read_execution(name: &str, execution: &Value, warnings: &mut Warnings) -> Option<&'static str> {
    let Some(execution) = execution.as_object() else {
        warnings.push(Some(name), "/execution", "not an object, dropped");
        return None;
    };
    let mut support = None;
    for (key, value) in execution {
        let ptr = format!("/execution/{}", escape_pointer(key));
        match (key.as_str(), value.as_str()) {
            ("taskSupport", Some("forbidden")) => {}
            ("taskSupport", Some("optional")) => support = Some("optional"),
            ("taskSupport", Some("required")) => support = Some("required"),
            ("taskSupport", _) => {
                warnings.push(Some(name), &ptr, "not a known task support mode, dropped")
            }
            _ => warnings.push(Some(name), &ptr, "execution key not supported, dropped"),
        }
    }
    support
}

/// Escapes a key for use in a JSON pointer (RFC 6901).
pub fn escape_pointer(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}
