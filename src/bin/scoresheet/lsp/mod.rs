//! `scoresheet lsp`: a Language Server Protocol server over standard input and output.
//!
//! Chess manuscripts (PGN, Markdown, LaTeX, plain text) are linted as `scoresheet lint` lints
//! them, with the same `scoresheet.toml`; the findings are published on opening and after
//! every change, a section at a time ([`documents`]). Code actions offer the lint fixes and
//! the findings' ranked suggestions, hover on a move says it in words with the board after
//! it, and completion offers the legal moves at the cursor in the game's own notation and
//! language.
//!
//! One thread reads and answers messages in order (lsp-server's threads do the reading and
//! writing); changes that arrive together are applied before one lint of the sections they
//! touch. When no message waits, the whole document is linted again on a thread of its own
//! (see [`documents`]).

mod actions;
mod completion;
mod diagnostics;
mod documents;
mod hover;
mod text;

use std::collections::{BTreeSet, HashMap};
use std::io::StdoutLock;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::process::ExitCode;
use std::sync::Arc;

use lsp_server::{Connection, ExtractError, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, DidSaveTextDocument,
    Notification as _, PublishDiagnostics, ShowMessage,
};
use lsp_types::request::{CodeActionRequest, Completion, HoverRequest, Request as _};
use lsp_types::{
    CodeActionProviderCapability, CompletionOptions, CompletionResponse, HoverProviderCapability,
    MessageType, PositionEncodingKind, SaveOptions, ServerCapabilities, ServerInfo,
    ShowMessageParams, TextDocumentSyncCapability, TextDocumentSyncKind, TextDocumentSyncOptions,
    TextDocumentSyncSaveOptions, Uri,
};
use scoresheet::syntax::Registry;

use crossbeam_channel::{Receiver, Sender, TryRecvError};
use documents::{Doc, Whole};

/// What the server can do.
fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(PositionEncodingKind::UTF16),
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::INCREMENTAL),
                save: Some(TextDocumentSyncSaveOptions::SaveOptions(SaveOptions {
                    include_text: Some(false),
                })),
                ..TextDocumentSyncOptions::default()
            },
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions::default()),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        ..ServerCapabilities::default()
    }
}

/// The file path of a `file:` URI (percent escapes decoded), else the URI as it is (the
/// configuration is then looked for from the current folder).
fn path_of(uri: &Uri) -> String {
    let s = uri.as_str();
    let Some(rest) = s.strip_prefix("file://") else {
        return s.to_owned();
    };
    let bytes = rest.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%'
            && let (Some(h), Some(l)) = (
                bytes.get(i + 1).copied().and_then(hex),
                bytes.get(i + 2).copied().and_then(hex),
            )
        {
            out.push((h * 16 + l) as u8);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The server's state: the open documents, and those changed since their last lint.
struct Server {
    connection: Connection,
    registry: Arc<Registry>,
    docs: HashMap<Uri, Doc>,
    /// By URI text (a `Uri` holds a cache cell: no key of an ordered set).
    dirty: BTreeSet<String>,
    /// Documents whose whole lint is older than their text, by URI text.
    stale: BTreeSet<String>,
    /// Documents whose whole lint runs on another thread, by URI text.
    running: BTreeSet<String>,
    /// The version and diagnostics last published, by URI text.
    published: HashMap<String, (Option<i32>, Vec<lsp_types::Diagnostic>)>,
    /// Where those threads hand their findings back.
    wholes: (Sender<Done>, Receiver<Done>),
    /// When set (SCORESHEET_LSP_LOG), a line per lint on standard error: what it cost.
    log: bool,
}

/// A document's whole lint done: its URI text and the findings (`None`: the lint failed).
type Done = (String, Option<Whole>);

type Outcome = Result<(), Box<dyn std::error::Error + Send + Sync>>;

impl Server {
    fn send(&self, m: impl Into<Message>) -> Outcome {
        self.connection.sender.send(m.into())?;
        Ok(())
    }

    /// Publishes a document's findings, unless the same were published for the same version
    /// (a whole lint that found what the sections did).
    fn publish(&mut self, uri: &Uri) -> Outcome {
        let Some(doc) = self.docs.get(uri) else {
            return Ok(());
        };
        let params = diagnostics::publish(doc, uri);
        let shown = (params.version, params.diagnostics.clone());
        if self.published.get(uri.as_str()) == Some(&shown) {
            return Ok(());
        }
        self.published.insert(uri.as_str().to_owned(), shown);
        self.send(Notification::new(
            PublishDiagnostics::METHOD.to_owned(),
            params,
        ))
    }

    fn tell(&self, message: String) -> Outcome {
        let params = ShowMessageParams {
            typ: MessageType::WARNING,
            message,
        };
        self.send(Notification::new(ShowMessage::METHOD.to_owned(), params))
    }

    /// Lints the documents changed since their last lint, and publishes their findings.
    fn flush(&mut self) -> Outcome {
        let dirty = std::mem::take(&mut self.dirty);
        for key in dirty {
            let Ok(uri) = key.parse::<Uri>() else {
                continue;
            };
            if let Some(doc) = self.docs.get_mut(&uri) {
                let started = std::time::Instant::now();
                let registry = &self.registry;
                // A panic (a bug) leaves the findings as they were, not the server stopped.
                let linted = catch_unwind(AssertUnwindSafe(|| doc.lint_edited(registry)));
                if linted.is_err() {
                    say!("scoresheet lsp: linting {key} failed (a bug: please report it)");
                }
                if self.log {
                    eprintln!(
                        "scoresheet lsp: {} sections, {} linted again, {:.1} ms",
                        doc.sections.len(),
                        doc.relinted,
                        started.elapsed().as_secs_f64() * 1000.0
                    );
                }
            }
            self.publish(&uri)?;
        }
        Ok(())
    }

    fn notification(&mut self, n: Notification) -> Outcome {
        match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let p: lsp_types::DidOpenTextDocumentParams =
                    n.extract(DidOpenTextDocument::METHOD)?;
                let d = p.text_document;
                let doc = Doc::open(
                    path_of(&d.uri),
                    d.language_id,
                    d.version,
                    d.text,
                    &self.registry,
                );
                if let Some(e) = &doc.config_error {
                    self.tell(format!("scoresheet: {e}"))?;
                }
                self.docs.insert(d.uri.clone(), doc);
                self.publish(&d.uri)?;
            }
            DidChangeTextDocument::METHOD => {
                let p: lsp_types::DidChangeTextDocumentParams =
                    n.extract(DidChangeTextDocument::METHOD)?;
                let uri = p.text_document.uri;
                if let Some(doc) = self.docs.get_mut(&uri) {
                    doc.version = p.text_document.version;
                    for c in p.content_changes {
                        doc.text.apply(c);
                    }
                    self.dirty.insert(uri.as_str().to_owned());
                    self.stale.insert(uri.as_str().to_owned());
                }
            }
            DidSaveTextDocument::METHOD => {
                let p: lsp_types::DidSaveTextDocumentParams =
                    n.extract(DidSaveTextDocument::METHOD)?;
                let uri = p.text_document.uri;
                // A configuration saved: every document reads it again.
                let config_saved = uri.as_str().ends_with("/scoresheet.toml");
                let registry = Arc::clone(&self.registry);
                for (u, doc) in &mut self.docs {
                    if config_saved || *u == uri {
                        doc.load_config(&registry);
                        doc.lint_whole(&registry);
                        self.dirty.remove(u.as_str());
                        self.stale.remove(u.as_str());
                    }
                }
                let saved: Vec<Uri> = self
                    .docs
                    .keys()
                    .filter(|u| config_saved || **u == uri)
                    .cloned()
                    .collect();
                for u in saved {
                    self.publish(&u)?;
                }
            }
            DidCloseTextDocument::METHOD => {
                let p: lsp_types::DidCloseTextDocumentParams =
                    n.extract(DidCloseTextDocument::METHOD)?;
                self.docs.remove(&p.text_document.uri);
                self.dirty.remove(p.text_document.uri.as_str());
                self.stale.remove(p.text_document.uri.as_str());
                self.published.remove(p.text_document.uri.as_str());
                let params = lsp_types::PublishDiagnosticsParams {
                    uri: p.text_document.uri,
                    diagnostics: Vec::new(),
                    version: None,
                };
                self.send(Notification::new(
                    PublishDiagnostics::METHOD.to_owned(),
                    params,
                ))?;
            }
            _ => {}
        }
        Ok(())
    }

    /// Answers a request: its result, an error for parameters that do not read, or "method
    /// not found".
    fn request(&mut self, r: Request) -> Outcome {
        // Answers are about the text as it is now.
        self.flush()?;
        let id = r.id.clone();
        let method = r.method.clone();
        let answer = catch_unwind(AssertUnwindSafe(|| self.answer(r))).unwrap_or_else(|_| {
            Err(format!("answering {method} failed (a bug: please report it)").into())
        });
        let response = match answer {
            Ok(Some(result)) => Response::new_ok(id, result),
            Ok(None) => Response::new_err(
                id,
                lsp_server::ErrorCode::MethodNotFound as i32,
                format!("scoresheet lsp does not answer {method}"),
            ),
            Err(e) => Response::new_err(
                id,
                lsp_server::ErrorCode::InvalidParams as i32,
                format!("{method}: {e}"),
            ),
        };
        self.send(response)
    }

    /// The result of a request (`None`: not a request this server answers).
    fn answer(&self, r: Request) -> Result<Option<serde_json::Value>, Box<dyn std::error::Error>> {
        Ok(Some(match r.method.as_str() {
            HoverRequest::METHOD => {
                let (_, p) = r.extract::<lsp_types::HoverParams>(HoverRequest::METHOD)?;
                let at = p.text_document_position_params;
                let hover = self
                    .docs
                    .get(&at.text_document.uri)
                    .and_then(|d| hover::hover(d, &self.registry, at.position));
                serde_json::to_value(hover)?
            }
            Completion::METHOD => {
                let (_, p) = r.extract::<lsp_types::CompletionParams>(Completion::METHOD)?;
                let at = p.text_document_position;
                let items = self
                    .docs
                    .get(&at.text_document.uri)
                    .map(|d| completion::complete(d, &self.registry, at.position))
                    .unwrap_or_default();
                serde_json::to_value(CompletionResponse::Array(items))?
            }
            CodeActionRequest::METHOD => {
                let (_, p) = r.extract::<lsp_types::CodeActionParams>(CodeActionRequest::METHOD)?;
                let uri = p.text_document.uri;
                let list = self
                    .docs
                    .get(&uri)
                    .map(|d| actions::actions(d, &uri, p.range))
                    .unwrap_or_default();
                serde_json::to_value(list)?
            }
            _ => return Ok(None),
        }))
    }

    /// Starts the whole lint of each document edited since its last one, on a thread of its
    /// own (one at a time per document).
    fn start_whole_lints(&mut self) {
        let stale: Vec<String> = self.stale.difference(&self.running).cloned().collect();
        for key in stale {
            let Some(doc) = key.parse::<Uri>().ok().and_then(|u| self.docs.get(&u)) else {
                self.stale.remove(&key);
                continue;
            };
            let job = doc.whole_job(&self.registry);
            let back = self.wholes.0.clone();
            let k = key.clone();
            let started = std::thread::Builder::new()
                .name("scoresheet-whole-lint".to_owned())
                .spawn(move || {
                    // A panic (a bug) hands nothing back but the end of the job.
                    let whole = catch_unwind(AssertUnwindSafe(|| job.run())).ok();
                    let _ = back.send((k, whole));
                });
            if started.is_ok() {
                self.stale.remove(&key);
                self.running.insert(key);
            }
        }
    }

    /// A whole lint done: its findings taken and published if the text is still the one
    /// linted.
    fn whole_done(&mut self, key: String, whole: Option<Whole>) -> Outcome {
        self.running.remove(&key);
        let (Ok(uri), Some(whole)) = (key.parse::<Uri>(), whole) else {
            return Ok(());
        };
        let taken = self.docs.get_mut(&uri).is_some_and(|d| d.adopt(whole));
        if self.log {
            eprintln!(
                "scoresheet lsp: a whole lint done, {}",
                if taken {
                    "taken"
                } else {
                    "left (the text changed)"
                }
            );
        }
        if taken { self.publish(&uri) } else { Ok(()) }
    }

    /// Reads and answers messages until the client says `exit`.
    fn serve(&mut self) -> Outcome {
        loop {
            let message = match self.connection.receiver.try_recv() {
                Ok(m) => m,
                Err(TryRecvError::Empty) => {
                    // Nothing waiting: the changes so far are linted, then the whole behind.
                    self.flush()?;
                    self.start_whole_lints();
                    let receiver = self.connection.receiver.clone();
                    let wholes = self.wholes.1.clone();
                    crossbeam_channel::select! {
                        recv(receiver) -> m => match m {
                            Ok(m) => m,
                            Err(_) => return Ok(()),
                        },
                        recv(wholes) -> w => {
                            if let Ok((key, whole)) = w {
                                self.whole_done(key, whole)?;
                            }
                            continue;
                        }
                    }
                }
                Err(TryRecvError::Disconnected) => return Ok(()),
            };
            match message {
                Message::Request(r) => {
                    if self.connection.handle_shutdown(&r)? {
                        return Ok(());
                    }
                    self.request(r)?;
                }
                Message::Notification(n) => match self.notification(n) {
                    Ok(()) => {}
                    // A notification that does not read is left: the client is not told.
                    Err(e) if e.downcast_ref::<ExtractError<Notification>>().is_some() => {}
                    Err(e) => return Err(e),
                },
                Message::Response(_) => {}
            }
        }
    }
}

/// Runs `scoresheet lsp` (standard output is the protocol's: its lock is given back first).
pub fn run(registry: &Arc<Registry>, out: StdoutLock<'_>) -> std::io::Result<ExitCode> {
    drop(out);
    let (connection, io_threads) = Connection::stdio();
    let caps = serde_json::to_value(capabilities()).map_err(std::io::Error::other)?;
    let init = serde_json::json!({
        "capabilities": caps,
        "serverInfo": ServerInfo {
            name: "scoresheet".to_owned(),
            version: Some(env!("CARGO_PKG_VERSION").to_owned()),
        },
    });
    let result = connection
        .initialize_start()
        .and_then(|(id, _params)| connection.initialize_finish(id, init));
    if let Err(e) = result {
        say!("scoresheet lsp: {e}");
        return Ok(ExitCode::from(2));
    }
    let mut server = Server {
        connection,
        registry: Arc::clone(registry),
        docs: HashMap::new(),
        dirty: BTreeSet::new(),
        stale: BTreeSet::new(),
        published: HashMap::new(),
        running: BTreeSet::new(),
        wholes: crossbeam_channel::unbounded(),
        log: std::env::var_os("SCORESHEET_LSP_LOG").is_some(),
    };
    let outcome = server.serve();
    drop(server);
    io_threads.join()?;
    match outcome {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => {
            say!("scoresheet lsp: {e}");
            Ok(ExitCode::from(2))
        }
    }
}
