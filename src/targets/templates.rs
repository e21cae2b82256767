//! What the template-driven targets share: one minijinja setup, so that every
//! target's overridable templates behave alike.

use std::fmt::Debug;
use std::sync::Arc;

use minijinja::value::{Enumerator, Object, ObjectRepr, Value};
use minijinja::{AutoEscape, Environment, UndefinedBehavior};
use serde::Serialize;

use super::{OutputFile, Target};
use crate::diagnostics::{Diagnostic, Diagnostics, codes};
use crate::ir::Package;

/// An environment that fails on undefined values (a template typo must not
/// yield silently empty output), escapes nothing (the output is code and
/// Markdown, not HTML), drops the newline after a block tag and keeps the
/// template's trailing newline.
pub fn environment<'source>() -> Environment<'source> {
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    env.set_auto_escape_callback(|_| AutoEscape::None);
    env.set_trim_blocks(true);
    env.set_lstrip_blocks(true);
    env.set_keep_trailing_newline(true);
    env
}

/// What a template-driven target answers for `package`: the files it
/// rendered, or none and an `E`-coded diagnostic at the package naming the
/// target and what it was rendering (`package` or `module`).
pub fn rendered(
    target: Target,
    what: &str,
    package: &Package,
    files: Result<Vec<OutputFile>, String>,
) -> (Vec<OutputFile>, Diagnostics) {
    let mut diagnostics = Diagnostics::new();
    match files {
        Ok(files) => (files, diagnostics),
        Err(message) => {
            diagnostics.push(Diagnostic::new(
                codes::TEMPLATE_ERROR,
                package.span,
                format!(
                    "the {target} target cannot render {what} `{}`: {message}",
                    package.name
                ),
            ));
            (Vec::new(), diagnostics)
        }
    }
}

/// `items` as a template list whose items become template values when the
/// template reads them: a package's items are not all copied into template
/// values at once (a copy of a large package's view would be as large as
/// the view).
pub fn lazy<T: Serialize + Debug + Send + Sync + 'static>(items: Vec<T>) -> Value {
    Value::from_object(Lazy(items))
}

#[derive(Debug)]
struct Lazy<T>(Vec<T>);

impl<T: Serialize + Debug + Send + Sync + 'static> Object for Lazy<T> {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Seq
    }

    fn get_value(self: &Arc<Self>, key: &Value) -> Option<Value> {
        let item = self.0.get(key.as_usize()?)?;
        Some(Value::from_serialize(item))
    }

    fn enumerate(self: &Arc<Self>) -> Enumerator {
        Enumerator::Seq(self.0.len())
    }
}

/// Renders `template` over `ctx` into a buffer of `capacity` bytes. A
/// buffer that grows is copied each time, old and new alive at once; one
/// reserved up front costs no memory in the pages the output never reaches.
pub fn render_reserved(
    template: &minijinja::Template<'_, '_>,
    ctx: Value,
    capacity: usize,
) -> Result<String, String> {
    let mut out = Vec::with_capacity(capacity);
    template
        .render_captured_to(ctx, &mut out)
        .map_err(|e| format!("{e:#}"))?;
    String::from_utf8(out).map_err(|e| format!("template output is not UTF-8: {e}"))
}
