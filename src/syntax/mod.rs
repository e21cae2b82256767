//! Parsing: `grammar/tool.pest` pairs into an AST with spans, recovering from
//! errors so one run reports many of them.
