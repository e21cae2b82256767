//! W0027: an `@open struct` in the parameters of a tool, or an `@open`
//! tool, that the OpenAI target emits in strict mode. Strict mode requires
//! every object to be
//! closed, so the target closes this one too: a model there can send only
//! the declared fields, and the extra keys the struct welcomes are dropped
//! from what it is offered.

use foldhash::HashSet;

use super::Cx;
use super::walk;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{TyKind, TypeDef, TypeDefKind, TypeKey};
use crate::schema::strict_blockers::strict_blockers;

pub(crate) fn run(cx: &mut Cx<'_>) {
    let program = cx.program;
    let mut reported: HashSet<&TypeKey> = HashSet::default();
    let mut found: Vec<(&TypeDef, &[String], Diagnostic)> = Vec::new();
    let mut open_tools = Vec::new();
    for tool in walk::tools(program) {
        // A tool that is not strict keeps its open objects open (W0011 says
        // why it is not strict).
        if !strict_blockers(program, tool).is_empty() {
            continue;
        }
        if tool.open {
            open_tools.push((
                tool,
                Diagnostic::new(
                    codes::OPEN_STRICT,
                    tool.name_span,
                    format!("tool `{}` is open, but OpenAI strict mode closes its parameters", tool.name),
                )
                .with_label("in the openai target, only the declared parameters are offered")
                .with_help("declare the parameters a model needs, or allow this where only the dispatchers need the extra keys"),
            ));
        }
        let mut open: Vec<&TypeKey> = Vec::new();
        for p in tool.params.values() {
            walk::deep(program, &p.ty, &mut |t| {
                let TyKind::Named { key } = &t.kind else {
                    return;
                };
                let Some(def) = program.type_def(key) else {
                    return;
                };
                if def.open {
                    open.push(key);
                }
                // A union's variants are structs that are not written as
                // type expressions.
                if let TypeDefKind::Union { variants, .. } = &def.kind {
                    open.extend(
                        variants
                            .values()
                            .map(|v| &v.ty)
                            .filter(|k| program.type_def(k).is_some_and(|d| d.open)),
                    );
                }
            });
        }
        for key in open {
            let Some(def) = program.type_def(key) else {
                continue;
            };
            if !reported.insert(key) {
                continue;
            }
            let d = Diagnostic::new(
                codes::OPEN_STRICT,
                def.name_span,
                format!("struct `{}` is open, but OpenAI strict mode closes it", def.name),
            )
            .with_label(format!(
                "in the openai target, tool `{}` offers only its declared fields; other keys are dropped",
                tool.name
            ))
            .with_help("declare the keys a model needs as fields, or allow this where only the dispatchers need the extra keys");
            found.push((def, &tool.allow, d));
        }
    }
    // Allowed on the struct, or on the tool it is reported for.
    for (def, tool_allow, d) in found {
        cx.lint(&[&def.allow, tool_allow], d);
    }
    for (tool, d) in open_tools {
        cx.lint(&[&tool.allow], d);
    }
}
