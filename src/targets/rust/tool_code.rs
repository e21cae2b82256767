//! The per-tool parts of the fragments: trait method, call variant, match
//! arms, descriptor and tables.

use std::fmt::Write as _;

use super::fragments::{Code, docs, push_all};
use super::view::ToolView;

pub fn tool(code: &mut Code, t: &ToolView, index: usize) {
    if !t.errors.is_empty() {
        let out = &mut code.errors;
        let _ = write!(
            out,
            "\n/// Constructors for the errors `{}` declares.\npub struct {};\n\nimpl {} {{\n",
            t.method, t.errors_struct, t.errors_struct
        );
        for e in &t.errors {
            docs(out, "    ", &e.doc);
            let _ = write!(
                out,
                "    pub fn {}() -> ::toolc_runtime::ToolError {{\n        ::toolc_runtime::ToolError {{\n            code: {}.to_string(),\n            message: {}.to_string(),\n            path: None,\n            hint: {},\n            suggestions: Box::default(),\n            retryable: {},\n        }}\n    }}\n",
                e.method, e.code, e.message, e.hint, e.retryable
            );
        }
        out.push_str("}\n");
    }

    let out = &mut code.trait_methods;
    if index > 0 {
        out.push('\n');
    }
    docs(out, "    ", &t.doc);
    push_all(
        out,
        &[
            "    fn ",
            t.method.as_str(),
            "(\n        &self,\n        args: ",
            t.args.as_str(),
            ",\n        ctx: ::toolc_runtime::CallContext,\n    ) -> impl std::future::Future<Output = Result<",
            &t.output,
            ", ::toolc_runtime::ToolError>> + Send;\n",
        ],
    );

    push_all(
        &mut code.call_variants,
        &["    ", t.variant.as_str(), "(", t.args.as_str(), "),\n"],
    );
    push_all(
        &mut code.descriptor_arms,
        &["            Self::", t.variant.as_str(), "(_) => &TOOLS["],
    );
    let _ = writeln!(code.descriptor_arms, "{index}],");
    push_all(
        &mut code.parse_arms,
        &[
            "            ",
            &t.names,
            " => {\n                ::toolc_runtime::parse_args(&toolc_tables::",
            t.table.as_str(),
            ", &toolc_tables::DEFS, ",
            bool_str(t.descriptor.open_args),
            ", args)\n                    .map(Self::",
            t.variant.as_str(),
            ")\n            }\n",
        ],
    );

    let out = &mut code.invoke_arms;
    push_all(
        out,
        &["            Self::", t.variant.as_str(), "(args) => {\n"],
    );
    if t.has_output {
        push_all(
            out,
            &[
                "                let output = tools.",
                t.method.as_str(),
                "(args, ctx).await?;\n                ::toolc_runtime::output_json(&output, ",
                bool_str(t.wrap),
                ")\n",
            ],
        );
    } else {
        push_all(
            out,
            &[
                "                tools.",
                t.method.as_str(),
                "(args, ctx).await?;\n                Ok(::toolc_runtime::serde_json::Value::Null)\n",
            ],
        );
    }
    out.push_str("            }\n");

    // The toolset's arm decodes arguments the executor validated (from
    // the executor's own copy, which its log keeps) and returns the output
    // unwrapped (the adapters wrap it).
    let out = &mut code.toolset_arms;
    push_all(
        out,
        &[
            "            ",
            &t.names,
            " => {\n                let args = ::toolc_runtime::decode_args(args);\n                Box::pin(async move {\n",
        ],
    );
    if t.has_output {
        push_all(
            out,
            &[
                "                    let output = self.0.",
                t.method.as_str(),
                "(args?, ctx).await?;\n                    ::toolc_runtime::output_json(&output, false)\n",
            ],
        );
    } else {
        push_all(
            out,
            &[
                "                    self.0.",
                t.method.as_str(),
                "(args?, ctx).await?;\n                    Ok(::toolc_runtime::serde_json::Value::Null)\n",
            ],
        );
    }
    out.push_str("                })\n            }\n");

    let d = &t.descriptor;
    push_all(
        &mut code.descriptors,
        &[
            "    ::toolc_runtime::ToolDescriptor {\n        name: ",
            &d.name,
            ",\n        names: ",
            &d.names,
            ",\n        title: ",
            &d.title,
            ",\n        description: ",
            &d.description,
            ",\n        tier: ",
            &d.tier,
            ",\n        mutates: ",
            bool_str(d.mutates),
            ",\n        destructive: ",
            bool_str(d.destructive),
            ",\n        confirm: ",
            bool_str(d.confirm),
            ",\n        risk: ",
            &d.risk,
            ",\n        timeout_ms: ",
            &d.timeout_ms,
            ",\n        permissions: ",
            &d.permissions,
            ",\n        idempotent: ",
            bool_str(d.idempotent),
            ",\n        open_world: ",
            bool_str(d.open_world),
            ",\n        rate_limit: ",
            &d.rate_limit,
            ",\n        meta: ",
            &d.meta,
            ",\n        errors: ",
            &d.errors,
            ",\n        examples: ",
            &d.examples,
            ",\n        args: &toolc_tables::",
            d.table.as_str(),
            ",\n        open_args: ",
            bool_str(d.open_args),
            ",\n        defs: &toolc_tables::DEFS,\n        output: ",
            &d.output,
            ",\n        wrap_output: ",
            bool_str(d.wrap_output),
            ",\n        mcp_json: ::toolc_runtime::McpJson::new(",
            &d.mcp,
            "),\n    },\n",
        ],
    );

    push_all(
        &mut code.tables,
        &["\n    pub static ", t.table.as_str(), ": [Field; "],
    );
    let _ = writeln!(code.tables, "{}] = {};", t.table_len, t.table_expr);
    if let Some(output) = &t.output_table {
        let _ = writeln!(
            code.tables,
            "\n    pub static {output}: Ty = {};",
            t.output_expr
        );
    }
}

fn bool_str(b: bool) -> &'static str {
    if b { "true" } else { "false" }
}
