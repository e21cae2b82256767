//! What the template-driven targets share: one minijinja setup, so that every
//! target's overridable templates behave alike.

use minijinja::{AutoEscape, Environment, UndefinedBehavior};

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
