//! What a host needs to list and govern a tool: the generated package's
//! `static TOOLS` holds one [`ToolDescriptor`] per tool.

use std::sync::OnceLock;

use serde_json::Value;

use crate::validate::{Field, Ty};
use crate::{Risk, Tier};

/// What a host needs to list and govern a tool, and what an executor needs
/// to check a call to it.
#[derive(Debug)]
pub struct ToolDescriptor {
    /// The name of the package (the `.tool` file's `package`) that
    /// declares it: a toolbox's packages name the keys of its rate-limit
    /// windows. Empty for a tool no package declares.
    pub package: &'static str,
    /// The wire (MCP) name.
    pub name: &'static str,
    /// Every name a call may use: the tool's name and its per-target names
    /// (`@name`), the wire name among them.
    pub names: &'static [&'static str],
    /// The display title.
    pub title: Option<&'static str>,
    /// The tool's doc text.
    pub description: Option<&'static str>,
    /// Its tier.
    pub tier: Tier,
    /// Whether the tool changes anything.
    pub mutates: bool,
    /// Whether its changes may destroy data.
    pub destructive: bool,
    /// Whether a human must approve each call.
    pub confirm: bool,
    /// Its risk.
    pub risk: Risk,
    /// How long a call may take, in milliseconds.
    pub timeout_ms: Option<u64>,
    /// The permissions a caller must have been granted.
    pub permissions: &'static [&'static str],
    /// Whether repeating a call changes nothing more.
    pub idempotent: bool,
    /// Whether the tool reaches outside systems.
    pub open_world: bool,
    /// `@rate_limit(N/period)`: at most `count` calls per `per_ms`
    /// milliseconds.
    pub rate_limit: Option<RateLimit>,
    /// The `@meta` entries: each key with its value as JSON text.
    pub meta: &'static [(&'static str, &'static str)],
    /// The errors the tool declares.
    pub errors: &'static [ErrorDecl],
    /// The tool's examples, in source order.
    pub examples: &'static [Example],
    /// The argument table.
    pub args: &'static [Field],
    /// `@open`: the arguments may hold keys the table does not declare.
    pub open_args: bool,
    /// The package's named types, which `args` and `output` refer to.
    pub defs: &'static [Ty],
    /// The output type, for a tool with an output.
    pub output: Option<&'static Ty>,
    /// Whether the MCP `structuredContent` wraps the output as
    /// `{"result": output}` (an output that is not an object).
    pub wrap_output: bool,
    /// The MCP `Tool` object.
    pub mcp_json: McpJson,
}

/// A rate limit: at most `count` calls per `per_ms` milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimit {
    /// Calls allowed in one period.
    pub count: u64,
    /// The period, in milliseconds.
    pub per_ms: u64,
}

/// An error a tool declares: its code, message, help, suggestions and
/// retryability.
#[derive(Debug)]
pub struct ErrorDecl {
    /// The error code.
    pub code: &'static str,
    /// The declared message.
    pub message: &'static str,
    /// The declared help, the error's hint.
    pub hint: Option<&'static str>,
    /// The declared suggestions (`suggest "..."`), the error's suggestions
    /// when the handler gives none.
    pub suggestions: &'static [&'static str],
    /// Whether a call failing with it may succeed if tried again.
    pub retryable: bool,
}

/// An example call a tool declares: its title and its argument object.
#[derive(Debug)]
pub struct Example {
    /// The example's title, when it has one.
    pub title: Option<&'static str>,
    /// The argument object as compact JSON text.
    pub args: &'static str,
}

impl Example {
    /// The argument object, parsed (`null` for text edited into something
    /// unreadable).
    pub fn args_value(&self) -> Value {
        serde_json::from_str(self.args).unwrap_or(Value::Null)
    }
}

impl ToolDescriptor {
    /// The MCP `Tool` object, as the `mcp` target emits it (parsed on first
    /// use).
    pub fn mcp(&self) -> &Value {
        self.mcp_json.value()
    }

    /// The MCP `inputSchema`.
    pub fn input_schema(&self) -> &Value {
        &self.mcp()["inputSchema"]
    }

    /// The MCP `outputSchema`, for a tool with an output.
    pub fn output_schema(&self) -> Option<&Value> {
        self.mcp().get("outputSchema")
    }

    /// The MCP `annotations`.
    pub fn annotations(&self) -> Option<&Value> {
        self.mcp().get("annotations")
    }

    /// The value of the `@meta` entry `key`, parsed (`None` when the tool
    /// has no such entry).
    pub fn meta_value(&self, key: &str) -> Option<Value> {
        let (_, text) = self.meta.iter().find(|(k, _)| *k == key)?;
        serde_json::from_str(text).ok()
    }

    /// The declared error with this code.
    pub fn error(&self, code: &str) -> Option<&'static ErrorDecl> {
        self.errors.iter().find(|e| e.code == code)
    }
}

// The tests of the executor, its command line and its MCP server build
// their fixtures on it.
#[cfg(all(test, feature = "executor"))]
impl ToolDescriptor {
    /// A `core`, read-only, idempotent, low-risk tool named `t` that
    /// declares nothing else, with `mcp_json` as its MCP JSON. Tests set what
    /// they are about with struct update syntax, in a `LazyLock` (a `static`
    /// cannot drop the part of a value that an update leaves out).
    pub(crate) fn blank(mcp_json: &'static str) -> ToolDescriptor {
        ToolDescriptor {
            package: "",
            name: "t",
            names: &["t"],
            title: None,
            description: None,
            tier: Tier::Core,
            mutates: false,
            destructive: false,
            confirm: false,
            risk: Risk::Low,
            timeout_ms: None,
            permissions: &[],
            idempotent: true,
            open_world: false,
            rate_limit: None,
            meta: &[],
            errors: &[],
            examples: &[],
            args: &[],
            open_args: false,
            defs: &[],
            output: None,
            wrap_output: false,
            mcp_json: McpJson::new(mcp_json),
        }
    }
}

/// A JSON text held in a `static` and parsed once, when first read.
#[derive(Debug)]
pub struct McpJson {
    text: &'static str,
    value: OnceLock<Value>,
}

impl McpJson {
    /// Holds `text` (the generated code's literal) unparsed.
    pub const fn new(text: &'static str) -> Self {
        McpJson {
            text,
            value: OnceLock::new(),
        }
    }

    /// The JSON text as generated.
    pub fn text(&self) -> &'static str {
        self.text
    }

    /// The parsed value.
    pub fn value(&self) -> &Value {
        // toolc refuses a tool whose JSON nests deeper than serde_json reads
        // by default (127 levels; error E0003), so this text always parses.
        // `Null` stands only for a file edited into something unreadable,
        // where it keeps `mcp()` from panicking.
        self.value
            .get_or_init(|| serde_json::from_str(self.text).unwrap_or(Value::Null))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static PING: ToolDescriptor = ToolDescriptor {
        package: "",
        name: "ping",
        names: &["ping"],
        title: None,
        description: Some("Answers."),
        tier: Tier::Core,
        mutates: false,
        destructive: false,
        confirm: false,
        risk: Risk::Low,
        timeout_ms: None,
        permissions: &[],
        idempotent: true,
        open_world: false,
        rate_limit: None,
        meta: &[("area", "\"net\"")],
        errors: &[ErrorDecl {
            code: "down",
            message: "The peer is down.",
            hint: None,
            suggestions: &[],
            retryable: true,
        }],
        examples: &[Example {
            title: Some("Ping once"),
            args: "{}",
        }],
        args: &[],
        open_args: false,
        defs: &[],
        output: None,
        wrap_output: false,
        mcp_json: McpJson::new(
            r#"{"name":"ping","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":true}}"#,
        ),
    };

    #[test]
    fn the_mcp_json_is_read_on_demand() {
        assert_eq!(PING.input_schema(), &serde_json::json!({"type": "object"}));
        assert_eq!(PING.output_schema(), None);
        assert_eq!(
            PING.annotations(),
            Some(&serde_json::json!({"readOnlyHint": true}))
        );
        assert_eq!(PING.mcp()["name"], "ping");
    }

    #[test]
    fn meta_values_and_declared_errors_are_found_by_key() {
        assert_eq!(PING.meta_value("area"), Some(serde_json::json!("net")));
        assert_eq!(PING.meta_value("owner"), None);
        assert_eq!(PING.error("down").map(|e| e.retryable), Some(true));
        assert!(PING.error("up").is_none());
    }

    #[test]
    fn examples_parse_their_arguments() {
        assert_eq!(PING.examples[0].title, Some("Ping once"));
        assert_eq!(PING.examples[0].args_value(), serde_json::json!({}));
        let broken = Example {
            title: None,
            args: "{",
        };
        assert_eq!(broken.args_value(), Value::Null);
    }

    #[test]
    fn unreadable_json_reads_as_null() {
        let broken = McpJson::new("{\"name\":");
        assert_eq!(broken.value(), &Value::Null);
        assert_eq!(broken.text(), "{\"name\":");
    }
}
