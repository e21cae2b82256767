//! `toolc lsp`: a language server over stdio for a folder of `.tool` files.
//!
//! Every open or change analyses the whole folder again, with the open
//! buffers in place of their files (only changed files are parsed again), and
//! publishes the diagnostics `toolc check` would print. Requests read the
//! last analysis. The transport is synchronous: one message at a time, in
//! order.

mod actions;
mod complete;
mod diagnostics;
mod documents;
mod hover;
mod navigate;
mod position;
mod symbols;
mod transport;
mod workspace;

use std::collections::BTreeSet;
use std::path::PathBuf;

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{self as note, Notification as _};
use lsp_types::request::{self as req, Request as _};
use lsp_types::{
    CompletionOptions, HoverContents, HoverProviderCapability, InitializeParams, MarkupContent,
    MarkupKind, OneOf, ServerCapabilities, TextDocumentPositionParams, TextDocumentSyncCapability,
    TextDocumentSyncKind, TextEdit, Uri,
};

use position::{offset, path_of, range};
use workspace::Workspace;

/// Serves on stdin and stdout until the client says `exit`; the exit code:
/// 0 after a `shutdown` request, 1 when the client left without one (as
/// LSP asks), 2 when the connection failed.
pub fn run() -> u8 {
    let (connection, writer) = transport::stdio();
    let code = match serve(&connection) {
        Ok(true) => 0,
        Ok(false) => 1,
        Err(e) => {
            eprintln!("toolc lsp: {e}");
            2
        }
    };
    drop(connection);
    let _ = writer.join();
    code
}

fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(
            TextDocumentSyncKind::INCREMENTAL,
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(lsp_types::CodeActionProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(["@", " ", ":", "="].map(String::from).to_vec()),
            ..Default::default()
        }),
        ..Default::default()
    }
}

/// Whether the client shut the server down before it left.
fn serve(connection: &Connection) -> Result<bool, Box<dyn std::error::Error>> {
    let Some(params) = initialize(connection)? else {
        return Ok(false);
    };
    let mut server = Server {
        workspace: Workspace::new(root_of(&params)),
        published: BTreeSet::new(),
    };
    server.analyse_and_publish(connection)?;
    for message in &connection.receiver {
        match message {
            Message::Request(request) => {
                if connection.handle_shutdown(&request)? {
                    return Ok(true);
                }
                let response = server.answer(request);
                connection.sender.send(Message::Response(response))?;
            }
            Message::Notification(n) => {
                if server.notified(n) {
                    server.analyse_and_publish(connection)?;
                }
            }
            Message::Response(_) => {}
        }
    }
    Ok(false)
}

/// Answers the client's `initialize`; one whose parameters cannot be read
/// gets an error, and the server waits for another. `None` when the client
/// left first.
fn initialize(
    connection: &Connection,
) -> Result<Option<InitializeParams>, Box<dyn std::error::Error>> {
    let caps = serde_json::json!({ "capabilities": capabilities() });
    loop {
        let (id, params) = match connection.initialize_start() {
            Ok(started) => started,
            Err(e) if e.channel_is_disconnected() => return Ok(None),
            Err(e) => return Err(e.into()),
        };
        match serde_json::from_value::<InitializeParams>(params) {
            Ok(params) => {
                // The `initialized` notification that follows needs no
                // answer; the main loop ignores it like any other.
                let answer = Response::new_ok(id, caps);
                connection.sender.send(Message::Response(answer))?;
                return Ok(Some(params));
            }
            Err(e) => {
                let answer = Response::new_err(
                    id,
                    lsp_server::ErrorCode::InvalidParams as i32,
                    format!("`initialize` parameters: {e}"),
                );
                connection.sender.send(Message::Response(answer))?;
            }
        }
    }
}

/// The folder to work on: the first workspace folder, else the root URI,
/// else the working directory.
#[allow(deprecated)] // `root_uri` is what clients without folders send.
fn root_of(params: &InitializeParams) -> PathBuf {
    let folder = params
        .workspace_folders
        .as_ref()
        .and_then(|f| f.first())
        .map(|f| &f.uri)
        .or(params.root_uri.as_ref());
    folder
        .and_then(path_of)
        .or_else(|| std::env::current_dir().ok())
        .unwrap_or_default()
}

struct Server {
    workspace: Workspace,
    /// Files that were sent diagnostics last time.
    published: BTreeSet<PathBuf>,
}

impl Server {
    fn analyse_and_publish(
        &mut self,
        connection: &Connection,
    ) -> Result<(), Box<dyn std::error::Error>> {
        self.workspace.analyse();
        let mut by_file = diagnostics::ByFile::default();
        if let Some(a) = &self.workspace.analysis {
            by_file.add(&a.sources, a.diagnostics.iter());
        }
        if let Some((sources, problems)) = &self.workspace.project_problems {
            by_file.add(sources, problems);
        }
        for params in by_file.publish(&mut self.published, self.workspace.documents.paths()) {
            let n = Notification::new(note::PublishDiagnostics::METHOD.into(), params);
            connection.sender.send(Message::Notification(n))?;
        }
        Ok(())
    }

    /// Applies a notification; whether the folder must be analysed again.
    fn notified(&mut self, n: Notification) -> bool {
        let ws = &mut self.workspace;
        match n.method.as_str() {
            note::DidOpenTextDocument::METHOD => {
                let Ok(p) = n.extract::<lsp_types::DidOpenTextDocumentParams>(
                    note::DidOpenTextDocument::METHOD,
                ) else {
                    return false;
                };
                let Some(path) = path_of(&p.text_document.uri) else {
                    return false;
                };
                ws.documents
                    .open(path.clone(), p.text_document.text.clone());
                ws.set_text(path, p.text_document.text);
                true
            }
            note::DidChangeTextDocument::METHOD => {
                let Ok(p) = n.extract::<lsp_types::DidChangeTextDocumentParams>(
                    note::DidChangeTextDocument::METHOD,
                ) else {
                    return false;
                };
                let Some(path) = path_of(&p.text_document.uri) else {
                    return false;
                };
                let Some(text) = ws
                    .documents
                    .change(&path, p.content_changes)
                    .map(str::to_string)
                else {
                    return false;
                };
                ws.set_text(path, text);
                true
            }
            note::DidCloseTextDocument::METHOD => {
                let Ok(p) = n.extract::<lsp_types::DidCloseTextDocumentParams>(
                    note::DidCloseTextDocument::METHOD,
                ) else {
                    return false;
                };
                let Some(path) = path_of(&p.text_document.uri) else {
                    return false;
                };
                ws.documents.close(&path);
                ws.forget_text(&path);
                true
            }
            // A save or a change on disk (toolc.toml, a file not open).
            note::DidSaveTextDocument::METHOD | note::DidChangeWatchedFiles::METHOD => true,
            _ => false,
        }
    }

    fn answer(&mut self, request: Request) -> Response {
        let id = request.id.clone();
        match self.dispatch(request) {
            Ok(value) => Response::new_ok(id, value),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        }
    }

    fn dispatch(&mut self, r: Request) -> Result<serde_json::Value, (ErrorCode, String)> {
        fn params<P: serde::de::DeserializeOwned>(r: Request) -> Result<P, (ErrorCode, String)> {
            serde_json::from_value(r.params).map_err(|e| (ErrorCode::InvalidParams, e.to_string()))
        }
        let json = |v: Result<serde_json::Value, serde_json::Error>| {
            v.map_err(|e| (ErrorCode::InternalError, e.to_string()))
        };
        let method = r.method.clone();
        match method.as_str() {
            req::HoverRequest::METHOD => {
                let p: lsp_types::HoverParams = params(r)?;
                json(serde_json::to_value(
                    self.hover(p.text_document_position_params),
                ))
            }
            req::GotoDefinition::METHOD => {
                let p: lsp_types::GotoDefinitionParams = params(r)?;
                let found = self
                    .at(&p.text_document_position_params)
                    .and_then(|(a, o)| navigate::definition(a, &o.target));
                json(serde_json::to_value(found))
            }
            req::References::METHOD => {
                let p: lsp_types::ReferenceParams = params(r)?;
                let found = self.at(&p.text_document_position).map(|(a, o)| {
                    navigate::references(a, &o.target, p.context.include_declaration)
                });
                json(serde_json::to_value(found))
            }
            req::Rename::METHOD => {
                let p: lsp_types::RenameParams = params(r)?;
                let found = self
                    .at(&p.text_document_position)
                    .and_then(|(a, o)| navigate::rename(a, &o.target, &p.new_name));
                json(serde_json::to_value(found))
            }
            req::Completion::METHOD => {
                let p: lsp_types::CompletionParams = params(r)?;
                let found = self
                    .located(&p.text_document_position)
                    .map(|(a, file, at, text)| complete::complete(a, file, at, text));
                json(serde_json::to_value(found))
            }
            req::DocumentSymbolRequest::METHOD => {
                let p: lsp_types::DocumentSymbolParams = params(r)?;
                let found = self
                    .document(&p.text_document.uri)
                    .map(|(a, file, text)| symbols::symbols(a, file, text));
                json(serde_json::to_value(found))
            }
            req::CodeActionRequest::METHOD => {
                let p: lsp_types::CodeActionParams = params(r)?;
                let found = self
                    .document(&p.text_document.uri)
                    .map(|(a, file, _)| actions::actions(a, file, p.range));
                json(serde_json::to_value(found))
            }
            req::Formatting::METHOD => {
                let p: lsp_types::DocumentFormattingParams = params(r)?;
                json(serde_json::to_value(self.format(&p.text_document.uri)))
            }
            _ => Err((
                ErrorCode::MethodNotFound,
                format!("`{method}` is not supported"),
            )),
        }
    }

    /// The analysis, file id and text of a document.
    fn document(&self, uri: &Uri) -> Option<(&toolc::internal::driver::Analysis, usize, &str)> {
        let path = path_of(uri)?;
        let (id, file) = self.workspace.file(&path)?;
        Some((self.workspace.analysis.as_ref()?, id, file.text.as_str()))
    }

    fn located(
        &self,
        p: &TextDocumentPositionParams,
    ) -> Option<(&toolc::internal::driver::Analysis, usize, usize, &str)> {
        let (a, file, text) = self.document(&p.text_document.uri)?;
        Some((a, file, offset(text, p.position), text))
    }

    fn at(
        &self,
        p: &TextDocumentPositionParams,
    ) -> Option<(&toolc::internal::driver::Analysis, navigate::Occurrence)> {
        let (a, file, at, _) = self.located(p)?;
        Some((a, navigate::at(a, file, at)?))
    }

    fn hover(&self, p: TextDocumentPositionParams) -> Option<lsp_types::Hover> {
        let (a, file, at, text) = self.located(&p)?;
        let value = hover::hover(a, file, at, text)?;
        Some(lsp_types::Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value,
            }),
            range: None,
        })
    }

    /// `toolc fmt`'s layout as one edit of the whole document; nothing for
    /// a document with syntax errors (its diagnostics say why).
    fn format(&self, uri: &Uri) -> Option<Vec<TextEdit>> {
        let (_, file, text) = self.document(uri)?;
        let formatted = toolc::internal::fmt::format_source(file, text).ok()?;
        if formatted == text {
            return Some(Vec::new());
        }
        Some(vec![TextEdit::new(range(text, 0, text.len()), formatted)])
    }
}
