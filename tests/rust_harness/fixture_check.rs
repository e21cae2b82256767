//! Implements the fixture package's trait and drives `dispatch` and the
//! generated `Toolset` with a no-op waker (the futures here never wait),
//! checking outputs, output wrapping, declared errors and descriptors. Copied into the generated
//! crate as a binary by `tests/it/rust_compile.rs`.

use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

use toolc_runtime::serde_json::{self, json, Value};
use toolc_runtime::{CallContext, Toolset};
use toolc_gen::fixture::{self, FixtureTools, Node, PingArgs, ResetArgs, SetFontArgs};

struct Tools;

impl FixtureTools for Tools {
    async fn set_font(&self, args: SetFontArgs, ctx: CallContext) -> Result<Node, fixture::ToolError> {
        if args.id == "9:9" {
            return Err(fixture::SetFontErrors::node_not_found());
        }
        Ok(Node {
            id: args.id,
            r#type: format!("{:?}/{}/{:?}{}", args.align, args.weight, args.mode, ctx.call_id),
            parent: None,
            children: Vec::new(),
        })
    }

    async fn ping(&self, _args: PingArgs, _ctx: CallContext) -> Result<bool, fixture::ToolError> {
        Ok(true)
    }

    async fn reset(&self, _args: ResetArgs, _ctx: CallContext) -> Result<(), fixture::ToolError> {
        Ok(())
    }
}

fn block_on<F: Future>(future: F) -> F::Output {
    let mut future = pin!(future);
    let mut cx = Context::from_waker(Waker::noop());
    loop {
        if let Poll::Ready(out) = future.as_mut().poll(&mut cx) {
            return out;
        }
    }
}

fn assert_send<T: Send>(t: T) -> T {
    t
}

fn call(name: &str, args: Value) -> Result<Value, fixture::ToolError> {
    block_on(assert_send(fixture::dispatch(&Tools, name, args)))
}

fn main() {
    let out = call("set_font", json!({"id": "1:2", "font": "Inter", "parent": null})).unwrap();
    assert_eq!(
        out,
        json!({"id": "1:2", "type": "Left/400/Replace", "children": []}),
        "defaults applied, struct output not wrapped"
    );
    assert_eq!(call("ping", json!({})).unwrap(), json!({"result": true}));
    assert_eq!(call("ping", Value::Null).unwrap(), json!({"result": true}));
    assert_eq!(call("reset", json!({})).unwrap(), Value::Null);

    let err = call("set_font", json!({"id": "9:9", "font": "Inter", "parent": null})).unwrap_err();
    assert_eq!(err.code, "node_not_found");
    assert_eq!(err.hint.as_deref(), Some("Call find_nodes first."));
    assert_eq!(
        serde_json::to_value(&err).unwrap(),
        json!({"code": "node_not_found", "message": "No node has this id.",
               "hint": "Call find_nodes first.", "suggestions": ["find_nodes"],
               "retryable": false}),
        "the generated constructor carries the declared hint and suggestions"
    );

    let err = call("set_font", json!({"id": "1:2", "font": "Inter", "parent": null, "weight": 1.5}))
        .unwrap_err();
    assert_eq!(err.code, "invalid_argument");
    assert_eq!(err.path.as_deref(), Some("/weight"));
    assert!(err.to_string().starts_with("invalid_argument: "), "{err}");

    let err = call("nope", json!({})).unwrap_err();
    assert_eq!(err.code, "unknown_tool");
    assert!(err.hint.unwrap().contains("set_font"));

    let parsed = fixture::FixtureCall::parse("ping", json!({})).unwrap();
    assert_eq!(parsed.name(), "ping");
    assert_eq!(parsed.descriptor().tier, ::toolc_runtime::Tier::Core);

    assert_eq!(fixture::TOOLS.len(), 3);
    let d = fixture::tool("set_font").unwrap();
    assert!(d.mutates);
    assert_eq!(d.mcp()["name"], "set_font");
    assert_eq!(d.input_schema()["type"], "object");
    assert_eq!(d.annotations().unwrap()["readOnlyHint"], false);
    assert!(fixture::tool("reset").unwrap().output_schema().is_none());
    assert!(d.output.is_some() && !d.wrap_output);
    assert!(fixture::tool("ping").unwrap().wrap_output);

    // The toolset takes validated arguments and gives outputs unwrapped, the
    // call's context reaching the handler.
    let toolset = fixture::FixtureToolset(Tools);
    assert_eq!(toolset.tools().len(), 3);
    let invoke = |name: &str, args: Value| {
        block_on(assert_send(toolset.invoke(name, &args, CallContext::new("c1", Value::Null))))
    };
    let args = json!({"id": "1:2", "font": "Inter", "parent": null, "weight": 400,
                      "align": "left", "mode": "replace"});
    assert_eq!(invoke("set_font", args).unwrap()["type"], "Left/400/Replacec1");
    assert_eq!(invoke("ping", json!({})).unwrap(), json!(true));
    assert_eq!(invoke("reset", json!({})).unwrap(), Value::Null);
    assert_eq!(invoke("nope", json!({})).unwrap_err().code, "unknown_tool");
    assert_eq!(invoke("set_font", json!({})).unwrap_err().code, "internal");
    println!("fixture checks passed");
}
