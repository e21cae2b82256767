//! What the template-driven targets share: one minijinja setup, so that every
//! target's overridable templates behave alike.

use minijinja::{AutoEscape, Environment, UndefinedBehavior};

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
