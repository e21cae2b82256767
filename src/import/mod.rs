//! `toolc import`: existing MCP, OpenAI or Anthropic tool JSON to `.tool` source.
