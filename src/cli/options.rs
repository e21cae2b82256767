//! The check options of a command over PATHs: the project file's
//! (`toolc.toml`, see [`toolc::internal::project`]) with the lint flags added.

use std::path::PathBuf;

use toolc::internal::CheckOptions;
use toolc::internal::diagnostics::lookup;
use toolc::internal::project::{self, Project, ProjectError};

use super::report::{self, usage_error};
use super::{EXIT_INPUT, LintArgs};

/// The project of `paths` and the options of a run over them: the file's
/// levels and thresholds, then the flags (`--allow` adds to the file's
/// allowed lints, `--deny warnings` denies every warning). An invalid
/// project file is reported and gives exit 1, flags that name no lint exit 2.
pub(super) fn for_paths(
    paths: &[PathBuf],
    lints: &LintArgs,
) -> Result<(Project, CheckOptions), u8> {
    let project = match project::for_inputs(paths) {
        Ok(p) => p,
        Err(ProjectError::Usage(message)) => return Err(usage_error(message)),
        Err(ProjectError::Invalid {
            sources,
            diagnostics,
        }) => {
            report::print(&sources, &diagnostics, lints.message_format);
            return Err(EXIT_INPUT);
        }
    };
    let mut options = project.check_options();
    add_flags(&mut options, lints)?;
    Ok((project, options))
}

/// Adds `--allow` and `--deny` to `options`, after checking what they name.
pub(super) fn add_flags(options: &mut CheckOptions, lints: &LintArgs) -> Result<(), u8> {
    for deny in &lints.deny {
        if deny == "warnings" {
            options.deny_warnings = true;
        } else {
            return Err(usage_error(format!(
                "`--deny {deny}` is not supported; use `--deny warnings`"
            )));
        }
    }
    for allowed in &lints.allow {
        match lookup(allowed) {
            None => {
                return Err(usage_error(format!(
                    "`--allow {allowed}` names no known lint"
                )));
            }
            // Only lints (W codes) can be allowed; an error stays an error.
            Some(info) if !info.code.as_str().starts_with('W') => {
                return Err(usage_error(format!(
                    "`--allow {allowed}`: {} is an error, not a lint, and cannot be allowed",
                    info.code
                )));
            }
            Some(_) => options.allow.push(allowed.clone()),
        }
    }
    Ok(())
}
