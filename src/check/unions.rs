//! E0208: a tagged union whose variant is not a struct, or whose struct
//! already has a field named like the discriminator (the tag would collide
//! with it).

use super::Cx;
use crate::diagnostics::{Diagnostic, codes};
use crate::ir::{Ty, TyKind, TypeDefKind};

pub fn run(cx: &mut Cx<'_>) {
    let program = cx.program;
    let mut found = Vec::new();
    for def in cx.program.types.values() {
        let TypeDefKind::Union {
            discriminator,
            variants,
        } = &def.kind
        else {
            continue;
        };
        for v in variants.values() {
            // Follow aliases: `type Circle2 = Circle;` names a struct too.
            let resolved = program.resolve_alias(&Ty {
                kind: TyKind::Named { key: v.ty.clone() },
                nullable: false,
                constraints: Default::default(),
                span: v.span,
            });
            let target = match &resolved.kind {
                TyKind::Named { key } => program.type_def(key),
                _ => None,
            };
            match target.map(|t| (t, &t.kind)) {
                Some((t, TypeDefKind::Struct { fields })) => {
                    if let Some(f) = fields.get(discriminator) {
                        found.push(
                            Diagnostic::new(
                                codes::INVALID_UNION,
                                v.span,
                                format!(
                                    "variant `{}` of union `{}` is struct `{}`, which already has a field `{discriminator}`",
                                    v.tag, def.name, t.name
                                ),
                            )
                            .with_label("the tag field would collide")
                            .with_secondary(f.name_span, "field declared here")
                            .with_help(format!(
                                "rename the field, or choose another discriminator than `{discriminator}`"
                            )),
                        );
                    }
                }
                _ => {
                    let shown = match target {
                        Some(t) => format!("`{}`", t.name),
                        None => program.type_text(&resolved),
                    };
                    found.push(
                        Diagnostic::new(
                            codes::INVALID_UNION,
                            v.span,
                            format!(
                                "variant `{}` of union `{}` must be a struct, but {shown} is not",
                                v.tag, def.name
                            ),
                        )
                        .with_label("not a struct")
                        .with_help("wrap the value in a struct with a field for it"),
                    );
                }
            }
        }
    }
    for d in found {
        cx.error(d);
    }
}
