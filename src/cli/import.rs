//! `toolc import`: tool JSON from a file, or from a live MCP server's
//! `tools/list`, to `.tool` source.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use toolc::internal::diagnostics::{Diagnostic, Severity};
use toolc::internal::driver;
use toolc::internal::import::server::{ServerError, list_tools};
use toolc::internal::import::{
    ImportOptions, Locator, NOT_CARRIED, Source, UNREADABLE, import_str,
};
use toolc::internal::source::{SourceMap, Span};

use super::report::{self, usage_error};
use super::{EXIT_INPUT, EXIT_OK, ImportFrom, MessageFormat};

/// Where the tool JSON comes from.
pub enum Input<'a> {
    /// A JSON file.
    File(&'a Path),
    /// A server started with this command, waited for at most this long per
    /// answer.
    Server(&'a [OsString], Duration),
}

/// What `toolc import` writes, and how.
pub struct Output<'a> {
    pub file: Option<&'a Path>,
    pub package: Option<&'a str>,
    pub format: MessageFormat,
}

pub fn import(input: Input<'_>, from: Option<ImportFrom>, out: Output<'_>) -> u8 {
    if out.format == MessageFormat::Json && out.file.is_none() {
        // stdout carries only diagnostics in JSON mode, so the source needs a file.
        return usage_error("`--message-format json` needs `-o OUT.tool`");
    }
    if let Some(name) = out.package.filter(|n| !is_package_name(n)) {
        return usage_error(format!(
            "`--package {name}`: a package name is a lowercase identifier such as `my_tools`"
        ));
    }
    let (shown_as, text, server_name) = match input {
        Input::File(file) => match read_file(file, out.format) {
            Ok(text) => (file.to_path_buf(), text, None),
            Err(code) => return code,
        },
        Input::Server(command, timeout) => {
            if from.is_some_and(|f| f != ImportFrom::Mcp) {
                return usage_error("a server lists MCP tools: `--from-server` takes no `--from`");
            }
            match from_server(command, timeout) {
                Ok(listed) => listed,
                Err(code) => return code,
            }
        }
    };
    // Named after what is written, so that two imports of files named
    // `tools.json` into `a.tool` and `b.tool` do not collide.
    let package = match (out.package, out.file, &server_name) {
        (Some(name), _, _) => name.to_string(),
        (None, Some(file), _) => package_name(file),
        (None, None, Some(server)) => package_ident(server),
        (None, None, None) => package_name(&shown_as),
    };
    let mut sources = SourceMap::new();
    let id = sources.add(shown_as, text.clone());
    let options = ImportOptions {
        from: from.map(|f| match f {
            ImportFrom::Mcp => Source::Mcp,
            ImportFrom::Openai => Source::OpenAi,
            ImportFrom::Anthropic => Source::Anthropic,
        }),
        package: Some(package),
    };
    let imported = match import_str(&text, &options) {
        Ok(i) => i,
        Err(e) => {
            let at = e.offset.unwrap_or(0);
            let d = Diagnostic::new(UNREADABLE, Span::new(id, at, at), e.message)
                .with_severity(Severity::Error);
            report::print(&sources, &[d], out.format);
            return EXIT_INPUT;
        }
    };
    // Import warnings are about the JSON input: they point at the place the
    // pointer names in the input (its first byte when not found).
    let mut locator = Locator::new(&text);
    let diagnostics: Vec<Diagnostic> = imported
        .warnings
        .iter()
        .map(|w| {
            let at = locator.find(&w.absolute).unwrap_or(0);
            Diagnostic::new(NOT_CARRIED, Span::new(id, at, at), w.to_string())
                .with_severity(Severity::Warning)
        })
        .collect();
    report::print(&sources, &diagnostics, out.format);
    match out.file {
        Some(path) => match driver::write_if_changed(path, imported.source.as_bytes()) {
            Ok(_) => EXIT_OK,
            Err(e) => usage_error(format!("cannot write {}: {e}", path.display())),
        },
        None => {
            print!("{}", imported.source);
            EXIT_OK
        }
    }
}

/// The file's text, or the exit code after reporting why it has none.
fn read_file(file: &Path, format: MessageFormat) -> Result<String, u8> {
    // A FIFO or a device would block the read.
    if file.exists() && !file.is_file() {
        return Err(usage_error(format!(
            "{}: not a regular file",
            file.display()
        )));
    }
    let bytes = std::fs::read(file)
        .map_err(|e| usage_error(format!("cannot read {}: {e}", file.display())))?;
    // JSON text is UTF-8 (RFC 8259): anything else is not read at all, so
    // that nothing is imported with replacement characters in it.
    // A byte-order mark is not JSON, but editors write one.
    let bytes = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) => rest.to_vec(),
        None => bytes,
    };
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let mut sources = SourceMap::new();
        let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
        let id = sources.add(file.to_path_buf(), text);
        let d = Diagnostic::new(
            UNREADABLE,
            Span::new(id, at, at + 3),
            format!("not valid JSON: invalid UTF-8 at byte {at}"),
        )
        .with_severity(Severity::Error)
        .with_label("not UTF-8");
        report::print(&sources, &[d], format);
        EXIT_INPUT
    })
}

/// The server's tools as the JSON of one `tools/list` result (what the
/// diagnostics point into), shown as `<server: CMD>`, with the server's
/// name; or the exit code after reporting why not.
fn from_server(
    command: &[OsString],
    timeout: Duration,
) -> Result<(PathBuf, String, Option<String>), u8> {
    let Some((program, args)) = command.split_first() else {
        return Err(usage_error(
            "`--from-server` needs the server's command after `--`",
        ));
    };
    let shown = command
        .iter()
        .map(|a| a.to_string_lossy())
        .collect::<Vec<_>>()
        .join(" ");
    match list_tools(program, args, timeout) {
        Ok(listed) => {
            let doc = serde_json::json!({ "tools": listed.tools });
            let text = serde_json::to_string_pretty(&doc).unwrap_or_default() + "\n";
            Ok((
                PathBuf::from(format!("<server: {shown}>")),
                text,
                listed.server_name,
            ))
        }
        // The command is the command's own argument.
        Err(e @ ServerError::Spawn(_)) => Err(usage_error(format!("`{shown}`: {e}"))),
        // What it answered is the input.
        Err(e @ ServerError::Protocol(_)) => {
            eprintln!("error: `{shown}`: {e}");
            Err(EXIT_INPUT)
        }
    }
}

/// Whether `name` can follow `package` in a `.tool` file: lowercase ASCII
/// letters, digits and `_`, not starting with a digit.
fn is_package_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// The package an imported file declares when `--package` does not say: a
/// file's stem in snake_case (the output's, else the input's or the
/// server's name).
fn package_name(file: &Path) -> String {
    let mut stem = file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    // toolc's own outputs are `<package>.mcp.json` and the like.
    for target in [".mcp", ".openai", ".anthropic"] {
        if let Some(base) = stem.strip_suffix(target) {
            stem = base.to_string();
        }
    }
    package_ident(&stem)
}

/// `name` as a package name: snake_case, ASCII, not starting with a digit.
fn package_ident(name: &str) -> String {
    use heck::ToSnakeCase;
    let mut name: String = name
        .to_snake_case()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    if name.is_empty() {
        name = "imported".into();
    }
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        name.insert(0, '_');
    }
    name
}
