//! clap front end. Exit codes, for every command: 0 success (warnings
//! allowed), 1 problems in the input, 2 usage errors and I/O failures on the
//! command's own arguments.

mod commands;
mod diff;
mod import;
mod options;
mod report;
mod scaffold;
mod stats;
mod validate;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

pub const EXIT_OK: u8 = 0;
pub const EXIT_INPUT: u8 = 1;
pub const EXIT_USAGE: u8 = 2;

#[derive(Parser)]
#[command(
    name = "toolc",
    version,
    about = "Compile .tool definitions into agent tool bindings and schemas"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum MessageFormat {
    /// rustc-style diagnostics on stderr.
    #[default]
    Human,
    /// One JSON object per diagnostic on stdout, nothing else there.
    Json,
}

#[derive(clap::Args, Clone, Default)]
pub struct LintArgs {
    /// Allow a lint for the whole run (code or name); repeatable.
    #[arg(long = "allow", value_name = "CODE")]
    pub allow: Vec<String>,
    /// `--deny warnings` turns every warning into an error.
    #[arg(long = "deny", value_name = "warnings")]
    pub deny: Vec<String>,
    /// How diagnostics are printed.
    #[arg(long, value_enum, default_value_t = MessageFormat::Human)]
    pub message_format: MessageFormat,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ImportFrom {
    Mcp,
    Openai,
    Anthropic,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum OpenAiApiArg {
    /// Chat Completions tools: {"type":"function","function":{...}}.
    #[default]
    Chat,
    /// Responses API tools: {"type":"function","name":...}.
    Responses,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum AnthropicExamplesArg {
    /// Each tool's examples as input_examples (needs the beta header).
    #[default]
    Included,
    /// No input_examples, for clients that do not send the beta header.
    Omitted,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum TsRuntimeArg {
    /// The runtime's files written beside the modules (./toolc-runtime.js).
    #[default]
    Vendored,
    /// Import the npm package toolc-runtime; no runtime file is written.
    Package,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StubTarget {
    /// `<package>_impl.rs`: a struct implementing the generated trait.
    Rust,
    /// `<package>.handlers.ts`: the handlers object for `createExecutor`.
    Typescript,
    /// `<package>_handlers.py`: a class implementing the `Handlers` protocol.
    Python,
}

#[derive(clap::Args)]
#[group(required = true, multiple = false)]
pub struct InitLanguage {
    /// A Rust crate: build.rs, the runtime dependency, a stub, a test.
    #[arg(long)]
    rust: bool,
    /// A TypeScript package: the build step, the executor, a stub, a test.
    #[arg(long)]
    ts: bool,
    /// A Python project: pyproject.toml, the executor, a stub, a test.
    #[arg(long)]
    python: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Check .tool files and print diagnostics.
    Check {
        /// .tool files, or directories searched recursively for them.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        #[command(flatten)]
        lints: LintArgs,
    },
    /// Generate bindings and schemas.
    Build {
        /// .tool files, or directories searched recursively for them.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Targets, comma-separated: rust typescript python mcp openai anthropic gemini json-schema
        /// markdown all
        /// (default: `targets` in toolc.toml).
        #[arg(long, short, value_delimiter = ',')]
        target: Vec<String>,
        /// Output directory, created if missing (default: `out` in toolc.toml).
        #[arg(long, short)]
        out: Option<PathBuf>,
        /// Shape of the openai target's output [default: chat].
        #[arg(long, value_enum)]
        openai_api: Option<OpenAiApiArg>,
        /// Whether the anthropic target writes input_examples, which Anthropic's
        /// API takes only with the beta header advanced-tool-use-2025-11-20
        /// [default: included].
        #[arg(long, value_enum)]
        anthropic_examples: Option<AnthropicExamplesArg>,
        /// How the typescript target's modules reach their runtime: a copy
        /// written beside them, or the npm package toolc-runtime [default: vendored].
        #[arg(long, value_enum)]
        ts_runtime: Option<TsRuntimeArg>,
        /// Directory of templates overriding the embedded ones (<target>/<name>.j2).
        #[arg(long)]
        templates: Option<PathBuf>,
        #[command(flatten)]
        lints: LintArgs,
    },
    /// Convert existing MCP, OpenAI or Anthropic tool JSON into .tool source.
    Import {
        /// A JSON file: an MCP tools/list result or tool array, OpenAI or Anthropic tools.
        #[arg(
            required_unless_present = "from_server",
            conflicts_with = "from_server"
        )]
        file: Option<PathBuf>,
        /// Import the tools of a live MCP server instead: start the command
        /// after `--` over stdio and list its tools (every page).
        #[arg(long)]
        from_server: bool,
        /// Seconds to wait for each answer of the server.
        #[arg(
            long,
            value_name = "SECONDS",
            default_value_t = 60.0,
            requires = "from_server"
        )]
        timeout: f64,
        /// The server's command and its arguments (after `--`).
        #[arg(last = true, value_name = "CMD", requires = "from_server")]
        command: Vec<std::ffi::OsString>,
        /// Input format (detected when omitted).
        #[arg(long, value_enum)]
        from: Option<ImportFrom>,
        /// Output file (stdout when omitted).
        #[arg(short = 'o', long = "output")]
        output: Option<PathBuf>,
        /// The package the file declares (default: the output file's name,
        /// else the input's, else the server's).
        #[arg(long)]
        package: Option<String>,
        /// How diagnostics are printed (json needs -o).
        #[arg(long, value_enum, default_value_t = MessageFormat::Human)]
        message_format: MessageFormat,
    },
    /// Format .tool files canonically (comments kept).
    Fmt {
        /// Report files that are not formatted instead of rewriting them.
        #[arg(long)]
        check: bool,
        /// .tool files, or directories searched recursively for them.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// How diagnostics are printed (json: the unformatted files go to stderr).
        #[arg(long, value_enum, default_value_t = MessageFormat::Human)]
        message_format: MessageFormat,
    },
    /// Print the IR of a file or directory as JSON.
    Ir {
        /// A .tool file, or a directory searched recursively.
        path: PathBuf,
        /// How diagnostics are printed; only human, since the IR takes stdout.
        #[arg(long, value_enum, default_value_t = MessageFormat::Human)]
        message_format: MessageFormat,
    },
    /// Validate one argument object as the generated dispatchers do: print
    /// the normalised arguments (defaults applied) or the structured error.
    Validate {
        /// A .tool file, or a directory searched recursively.
        path: PathBuf,
        /// The tool: its wire name or a per-target name.
        tool: String,
        /// A JSON file, `-` for stdin, or the JSON object itself.
        args: String,
    },
    /// Write NAME.tool: a documented starter tool file that checks clean.
    New {
        /// The file to write (`.tool` is added); the package is named after it.
        name: PathBuf,
    },
    /// Set up a Rust crate, a TypeScript package or a Python project around a
    /// starter tool file.
    Init {
        /// The project directory (created if missing).
        #[arg(default_value = ".")]
        dir: PathBuf,
        #[command(flatten)]
        language: InitLanguage,
        /// The package name (default: the directory's name).
        #[arg(long)]
        name: Option<String>,
        /// Rust: the toolc checkout to depend on by path (default: the one
        /// this binary was built from, if it still exists, else toolc's
        /// version from the registry).
        #[arg(long)]
        toolc_path: Option<PathBuf>,
    },
    /// Write handler stubs, in which every tool answers `not_implemented`.
    ///
    /// A stub is written once: an existing file is never overwritten.
    Stubs {
        /// .tool files, or directories searched recursively for them.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// The language of the stubs.
        #[arg(long, short, value_enum)]
        target: StubTarget,
        /// Output directory (created if missing).
        #[arg(long, short)]
        out: PathBuf,
        /// TypeScript and Python: the directory of the generated modules, as
        /// the stubs import it (relative to --out).
        #[arg(long, default_value = ".")]
        generated: String,
        #[command(flatten)]
        lints: LintArgs,
    },
    /// Report how much of a model's context each tool takes: per tool, tier
    /// and package, the bytes of its entry in the mcp, openai, anthropic and
    /// gemini outputs (compact JSON) and their tokens (o200k_base).
    ///
    /// Reads the project file (toolc.toml) as `check` does: its
    /// `core_token_budget`, `[build] openai_api` and `anthropic_examples`.
    /// Exits 1, printing the errors, when the input has errors.
    Stats {
        /// .tool files, or directories searched recursively for them.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// human: tables on stdout; json: one JSON report on stdout (on input
        /// errors, the diagnostics as JSON lines instead).
        #[arg(long, value_enum, default_value_t = MessageFormat::Human)]
        message_format: MessageFormat,
        /// How many of the heaviest tools and parameters to list.
        #[arg(long, value_name = "N", default_value_t = 10)]
        top: usize,
    },
    /// Compare two versions of a tool set and classify every change as
    /// breaking for callers, a safety change, or compatible.
    ///
    /// OLD and NEW are .tool files or folders; one of them may be `git:REF`,
    /// the other side's paths as they were at the git revision REF. Exits
    /// with 1 when a breaking or safety change is found that `--allow` does
    /// not allow, or when either side has errors. The rules are listed in
    /// the README ("Breaking changes").
    Diff {
        /// The old version: a .tool file, a folder, or `git:REF`.
        old: String,
        /// The new version: a .tool file, a folder, or `git:REF`.
        new: String,
        /// Do not fail on changes of this category (`breaking` or `safety`);
        /// repeatable. They are still printed.
        #[arg(long = "allow", value_name = "CATEGORY")]
        allow: Vec<String>,
        /// How the changes are printed, both on stdout: `human` text, or
        /// `json`, one object per change (errors in the input go to stderr).
        #[arg(long, value_enum, default_value_t = MessageFormat::Human, hide_possible_values = true)]
        message_format: MessageFormat,
    },
    /// Print the long explanation of a diagnostic code, or list every code.
    Explain {
        /// A code (E0201, W0001, I0001) or its name (missing_doc); without
        /// one, every code with its one-line summary.
        code: Option<String>,
    },
    /// Run the language server on stdin and stdout, for editors.
    ///
    /// It works on the editor's workspace folder: every `.tool` file below
    /// it, imports followed, checked as `toolc check FOLDER` checks it (with
    /// its toolc.toml), open buffers in place of their files. It publishes
    /// diagnostics and answers hover, go to definition, find references,
    /// rename, completion, document symbols, formatting (`toolc fmt`'s
    /// layout) and code actions for "did you mean" fixes.
    Lsp,
}

pub fn run() -> ExitCode {
    if std::env::var_os(toolc::internal::timing::ENV_VAR).is_some_and(|v| v == "1") {
        toolc::internal::timing::enable();
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { EXIT_USAGE } else { EXIT_OK });
        }
    };
    let code = match cli.command {
        Command::Check { paths, lints } => commands::check(&paths, &lints),
        Command::Build {
            paths,
            target,
            out,
            openai_api,
            anthropic_examples,
            ts_runtime,
            templates,
            lints,
        } => commands::build(
            &paths,
            commands::BuildArgs {
                target_names: &target,
                out: out.as_deref(),
                openai_api,
                anthropic_examples,
                ts_runtime,
                templates,
            },
            &lints,
        ),
        Command::Import {
            file,
            from_server: _,
            timeout,
            command,
            from,
            output,
            package,
            message_format,
        } => {
            let out = import::Output {
                file: output.as_deref(),
                package: package.as_deref(),
                format: message_format,
            };
            // clap has made sure that exactly one of FILE and
            // `--from-server` is given.
            match file.as_deref() {
                Some(file) => import::import(import::Input::File(file), from, out),
                None if !(timeout > 0.0 && timeout.is_finite()) => {
                    report::usage_error("`--timeout` takes a positive number of seconds")
                }
                None => {
                    let wait = std::time::Duration::from_secs_f64(timeout);
                    import::import(import::Input::Server(&command, wait), from, out)
                }
            }
        }
        Command::Fmt {
            check,
            paths,
            message_format,
        } => commands::fmt(&paths, check, message_format),
        Command::Ir {
            path,
            message_format,
        } => commands::ir(&path, message_format),
        Command::Validate { path, tool, args } => validate::validate(&path, &tool, &args),
        Command::Stats {
            paths,
            message_format,
            top,
        } => stats::stats(&paths, message_format, top),
        Command::Diff {
            old,
            new,
            allow,
            message_format,
        } => diff::diff(&old, &new, &allow, message_format),
        Command::Explain { code } => commands::explain(code.as_deref()),
        Command::Lsp => crate::lsp::run(),
        Command::New { name } => scaffold::new(&name),
        Command::Init {
            dir,
            language,
            name,
            toolc_path,
        } => {
            let language = if language.rust {
                toolc::internal::scaffold::Language::Rust
            } else if language.python {
                toolc::internal::scaffold::Language::Python
            } else {
                toolc::internal::scaffold::Language::TypeScript
            };
            scaffold::init(&dir, language, name.as_deref(), toolc_path.as_deref())
        }
        Command::Stubs {
            paths,
            target,
            out,
            generated,
            lints,
        } => {
            let language = match target {
                StubTarget::Rust => toolc::internal::stubs::StubLanguage::Rust,
                StubTarget::Typescript => toolc::internal::stubs::StubLanguage::TypeScript,
                StubTarget::Python => toolc::internal::stubs::StubLanguage::Python,
            };
            scaffold::stubs(&paths, language, &out, &generated, &lints)
        }
    };
    ExitCode::from(code)
}
