//! What a host needs to list and govern a tool: the generated package's
//! `static TOOLS` holds one [`ToolDescriptor`] per tool.

use std::sync::OnceLock;

use serde_json::Value;

/// What a host needs to list and govern a tool.
#[derive(Debug)]
pub struct ToolDescriptor {
    /// The wire (MCP) name.
    pub name: &'static str,
    /// The display title.
    pub title: Option<&'static str>,
    /// The tool's doc text.
    pub description: Option<&'static str>,
    /// `core` or `extended`.
    pub tier: &'static str,
    /// Whether the tool changes anything.
    pub mutates: bool,
    /// Whether its changes may destroy data.
    pub destructive: bool,
    /// Whether a human must approve each call.
    pub confirm: bool,
    /// `low`, `medium`, `high` or `critical`.
    pub risk: &'static str,
    /// How long a call may take, in milliseconds.
    pub timeout_ms: Option<u64>,
    /// The permissions a caller must have been granted.
    pub permissions: &'static [&'static str],
    /// The MCP `Tool` object.
    pub mcp_json: McpJson,
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
        name: "ping",
        title: None,
        description: Some("Answers."),
        tier: "core",
        mutates: false,
        destructive: false,
        confirm: false,
        risk: "low",
        timeout_ms: None,
        permissions: &[],
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
    fn unreadable_json_reads_as_null() {
        let broken = McpJson::new("{\"name\":");
        assert_eq!(broken.value(), &Value::Null);
        assert_eq!(broken.text(), "{\"name\":");
    }
}
