//! `@meta` keys: toolc's own `_meta` keys, keys that break MCP's key rules and
//! prefixes MCP reserves are rejected; well-formed keys pass through.
package meta;

/// Read the status of the service.
@meta("toolc/tier", "hacked") @meta("toolc/examples", [])
@meta("bad key!", 1) @meta("io.modelcontextprotocol/x", 2) @meta("", 4)
@meta("mcp.dev/x", 5) @meta("1abc/x", 6)
@meta("category", "status") @meta("com.example/owner", "ops") @meta("com.example.mcp/x", 7)
tool get_status();
