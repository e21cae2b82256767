//! Gemini function calling over an [`Executor`]: the declarations of the
//! tools it offers, and its answers to a model's function calls as
//! `functionResponse` parts, so that every call Gemini asks for goes through
//! the executor's pipeline. Plain JSON in the Gemini API's shapes; no SDK.
//!
//! The declarations are the `gemini` target's: a build script generates
//! it beside the Rust (`Target::Gemini`), and the program reads
//! `<package>.gemini.json`, with `include_str!` for instance:
//!
//! ```ignore
//! let document: Value = serde_json::from_str(include_str!(concat!(env!("OUT_DIR"), "/notes.gemini.json")))?;
//! let tools = json!([toolc_runtime::gemini::tool(&executor, &document)]);
//! // ... generateContent with `tools`, then for the calls the model made:
//! let parts = toolc_runtime::gemini::respond(&executor, &function_calls, &json!({})).await;
//! ```

use std::collections::HashMap;

use serde_json::{Map, Value, json};

use crate::executor::Outcome;
use crate::{Executor, ToolResult};

/// The Gemini `Tool` (`{"functionDeclarations": [...]}`) of the tools
/// `executor` offers now (`Executor::tools`): of `document`'s declarations
/// (the `gemini` target's file, a `Tool` itself), those naming an offered
/// tool, in the executor's order.
pub fn tool(executor: &Executor, document: &Value) -> Value {
    let by_name: HashMap<&str, &Value> = document
        .get("functionDeclarations")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice)
        .iter()
        .filter_map(|d| Some((d.get("name")?.as_str()?, d)))
        .collect();
    // A tool is declared under one of its names (its Gemini name, when
    // `@name(gemini, ...)` gives it one).
    let offered: Vec<Value> = executor
        .tools()
        .iter()
        .filter_map(|t| t.names.iter().find_map(|n| by_name.get(n).copied()))
        .cloned()
        .collect();
    json!({ "functionDeclarations": offered })
}

/// Runs `calls` (a model turn's `functionCall` objects, `{id?, name,
/// args?}`) through `executor`, one after the other in the model's order
/// (a later call may depend on what an earlier one changed), and answers
/// each with its `functionResponse` part. `context` is the caller's context
/// object, given to every call; a call's `id` becomes its `callId`. A
/// refused or failed call is answered with its error.
pub async fn respond(executor: &Executor, calls: &[Value], context: &Value) -> Vec<Value> {
    let mut parts = Vec::with_capacity(calls.len());
    for call in calls {
        let id = call.get("id").and_then(Value::as_str);
        let name = call.get("name").and_then(Value::as_str).unwrap_or_default();
        let args = match call.get("args") {
            None | Some(Value::Null) => Value::Object(Map::new()),
            Some(args) => args.clone(),
        };
        let mut context = context.as_object().cloned().unwrap_or_default();
        if let Some(id) = id {
            context.insert("callId".to_string(), Value::from(id));
        }
        let result = executor.call(name, args, Value::Object(context)).await;
        let mut answer = Map::new();
        if let Some(id) = id {
            answer.insert("id".to_string(), Value::from(id));
        }
        answer.insert("name".to_string(), Value::from(name));
        answer.insert("response".to_string(), response(result));
        parts.push(json!({ "functionResponse": answer }));
    }
    parts
}

/// `result` as the model reads it: `{"output": value}` or `{"error":
/// error}` (the keys Gemini documents), with the step budget's `warning`
/// beside it when there is one.
pub fn response(result: ToolResult) -> Value {
    let mut response = Map::new();
    match result.outcome {
        Outcome::Err(error) => {
            let error = serde_json::to_value(error).unwrap_or(Value::Null);
            response.insert("error".to_string(), error);
        }
        Outcome::Ok(value) => {
            response.insert("output".to_string(), value);
        }
    }
    if let Some(warning) = result.warning {
        response.insert("warning".to_string(), Value::from(warning));
    }
    Value::Object(response)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::executor::tests::{Accounts, run};

    fn document() -> Value {
        let declaration = |name: &str| json!({"name": name, "description": name});
        json!({"functionDeclarations": [
            declaration("deleteAccount"),
            declaration("login"),
            declaration("unknown"),
        ]})
    }

    fn names(tool: &Value) -> Vec<&str> {
        tool["functionDeclarations"]
            .as_array()
            .map(|d| d.iter().filter_map(|d| d["name"].as_str()).collect())
            .unwrap_or_default()
    }

    #[test]
    fn the_declarations_are_those_of_the_tools_offered_in_order() {
        // `logout` has no declaration; `delete_account` is declared by its
        // other name, and offered only when its permissions are granted.
        let executor = Executor::new(Accounts);
        assert_eq!(names(&tool(&executor, &document())), ["login"]);
        let executor = Executor::new(Accounts).grant("*");
        assert_eq!(
            names(&tool(&executor, &document())),
            ["login", "deleteAccount"]
        );
        assert_eq!(names(&tool(&executor, &json!({}))), Vec::<&str>::new());
    }

    #[test]
    fn calls_are_answered_in_order_with_their_ids_output_error_and_warning() {
        let executor = Executor::new(Accounts).step_budget(3, 1);
        let calls = [
            json!({"id": "a", "name": "login", "args": {"user": "ana"}}),
            json!({"name": "login", "args": {"user": "bo"}}),
            json!({"id": "c", "name": "login", "args": {"user": 3}}),
            json!({"id": "d", "name": "deleteAccount", "args": {"user": "ana"}}),
            json!({"id": "e"}),
            json!({"id": "f", "name": "login", "args": {"user": "fail"}}),
        ];
        let parts = run(respond(&executor, &calls, &json!({"principal": "ana"})));
        assert_eq!(
            parts[0],
            json!({"functionResponse": {"id": "a", "name": "login", "response": {"output": 3}}})
        );
        let warning =
            "1 of 3 tool calls remain in the step budget; finish with as few calls as you can.";
        assert_eq!(
            parts[1],
            json!({"functionResponse": {"name": "login", "response": {"output": 2, "warning": warning}}})
        );
        let codes: Vec<&str> = parts[2..]
            .iter()
            .map(|p| {
                p["functionResponse"]["response"]["error"]["code"]
                    .as_str()
                    .unwrap_or_default()
            })
            .collect();
        assert_eq!(
            codes,
            [
                "invalid_argument",
                "permission_denied",
                "unknown_tool",
                "locked"
            ]
        );
        assert_eq!(parts[4]["functionResponse"]["name"], "");
        let ids: Vec<String> = executor.log().into_iter().map(|e| e.call_id).collect();
        assert_eq!(ids, ["a", "call-2", "c", "d", "e", "f"]);
    }
}
