"""Drives `toolc lsp` with pygls's LanguageClient over stdio.

Usage: session.py TOOLC ROOT. ROOT is the workspace tests/it/lsp.rs wrote
(nodes.tool, common/types.tool, dup.tool, messy.tool, toolc.toml). Prints one JSON
object: each step's result, in the protocol's JSON shape, for the Rust test
to assert on.
"""

import asyncio
import json
import pathlib
import sys

from lsprotocol import types as t
from lsprotocol.converters import get_converter
from pygls.lsp.client import LanguageClient

TOOLC, ROOT = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
conv = get_converter()


def uri(name):
    return (ROOT / name).as_uri()


def doc(name):
    return t.TextDocumentIdentifier(uri=uri(name))


def pos(name, line, character):
    return dict(text_document=doc(name), position=t.Position(line, character))


async def main():
    client = LanguageClient("toolc-lsp-test", "1")
    published = {}

    @client.feature(t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params: t.PublishDiagnosticsParams):
        published[params.uri] = conv.unstructure(params.diagnostics)

    def diagnostics():
        # Keyed by path below ROOT, for readable assertions.
        return {
            str(pathlib.Path(u[len("file://"):]).relative_to(ROOT)): d
            for u, d in sorted(published.items())
        }

    await client.start_io(TOOLC, "lsp")
    await client.initialize_async(
        t.InitializeParams(
            capabilities=t.ClientCapabilities(),
            root_uri=ROOT.as_uri(),
            workspace_folders=[t.WorkspaceFolder(uri=ROOT.as_uri(), name="ws")],
        )
    )
    client.initialized(t.InitializedParams())
    out = {}

    nodes = (ROOT / "nodes.tool").read_text()
    client.text_document_did_open(
        t.DidOpenTextDocumentParams(
            t.TextDocumentItem(uri=uri("nodes.tool"), language_id="tool", version=1, text=nodes)
        )
    )

    async def request(name, coro):
        out[name] = conv.unstructure(await coro)

    # The server answers in order: a reply means the notifications sent
    # before it (the diagnostics of the open) have arrived.
    await request("symbols", client.text_document_document_symbol_async(
        t.DocumentSymbolParams(text_document=doc("nodes.tool"))))
    out["diagnostics_on_open"] = diagnostics()

    await request("hover_param", client.text_document_hover_async(
        t.HoverParams(**pos("nodes.tool", 11, 5))))
    await request("hover_tool", client.text_document_hover_async(
        t.HoverParams(**pos("nodes.tool", 7, 7))))
    await request("hover_type", client.text_document_hover_async(
        t.HoverParams(**pos("nodes.tool", 20, 12))))
    await request("hover_code", client.text_document_hover_async(
        t.HoverParams(**pos("messy.tool", 3, 12))))
    await request("definition", client.text_document_definition_async(
        t.DefinitionParams(**pos("nodes.tool", 20, 12))))
    await request("definition_import", client.text_document_definition_async(
        t.DefinitionParams(**pos("nodes.tool", 3, 8))))
    await request("references", client.text_document_references_async(
        t.ReferenceParams(**pos("common/types.tool", 4, 7),
                          context=t.ReferenceContext(include_declaration=True))))
    await request("references_import", client.text_document_references_async(
        t.ReferenceParams(**pos("nodes.tool", 3, 8),
                          context=t.ReferenceContext(include_declaration=True))))
    await request("rename_tool", client.text_document_rename_async(
        t.RenameParams(**pos("nodes.tool", 18, 8), new_name="remove_node")))
    await request("complete_default", client.text_document_completion_async(
        t.CompletionParams(**pos("nodes.tool", 11, 19))))
    await request("complete_example", client.text_document_completion_async(
        t.CompletionParams(**pos("nodes.tool", 13, 50))))
    await request("complete_type", client.text_document_completion_async(
        t.CompletionParams(**pos("nodes.tool", 20, 10))))
    await request("complete_attribute", client.text_document_completion_async(
        t.CompletionParams(**pos("nodes.tool", 6, 1))))
    await request("complete_format", client.text_document_completion_async(
        t.CompletionParams(**pos("messy.tool", 6, 27))))
    await request("code_actions", client.text_document_code_action_async(
        t.CodeActionParams(
            text_document=doc("nodes.tool"),
            range=t.Range(t.Position(9, 12), t.Position(9, 12)),
            context=t.CodeActionContext(diagnostics=[]),
        )))
    await request("formatting", client.text_document_formatting_async(
        t.DocumentFormattingParams(
            text_document=doc("messy.tool"),
            options=t.FormattingOptions(tab_size=4, insert_spaces=True),
        )))
    await request("rename", client.text_document_rename_async(
        t.RenameParams(**pos("nodes.tool", 11, 12), new_name="SortOrder")))

    # Fix the typo: nodes.tool has no error left.
    fix = t.TextDocumentContentChangePartial(
        range=t.Range(t.Position(9, 12), t.Position(9, 17)), text="NodeId")
    client.text_document_did_change(t.DidChangeTextDocumentParams(
        text_document=t.VersionedTextDocumentIdentifier(uri=uri("nodes.tool"), version=2),
        content_changes=[fix]))
    await request("symbols_after_fix", client.text_document_document_symbol_async(
        t.DocumentSymbolParams(text_document=doc("nodes.tool"))))
    out["diagnostics_after_fix"] = diagnostics()

    # Break it again, differently: an unknown enum variant in the default.
    published.clear()
    whole = nodes.replace("NodId", "NodeId").replace("= asc", "= acs")
    client.text_document_did_change(t.DidChangeTextDocumentParams(
        text_document=t.VersionedTextDocumentIdentifier(uri=uri("nodes.tool"), version=3),
        content_changes=[t.TextDocumentContentChangeWholeDocument(text=whole)]))
    await request("symbols_after_break", client.text_document_document_symbol_async(
        t.DocumentSymbolParams(text_document=doc("nodes.tool"))))
    out["diagnostics_after_break"] = diagnostics()
    await request("code_actions_after_break", client.text_document_code_action_async(
        t.CodeActionParams(
            text_document=doc("nodes.tool"),
            range=t.Range(t.Position(11, 19), t.Position(11, 22)),
            context=t.CodeActionContext(diagnostics=[]),
        )))

    # Fix every error of the folder: the lints run, at the levels of
    # toolc.toml (short_doc denied, so an error).
    published.clear()
    client.text_document_did_change(t.DidChangeTextDocumentParams(
        text_document=t.VersionedTextDocumentIdentifier(uri=uri("nodes.tool"), version=4),
        content_changes=[t.TextDocumentContentChangeWholeDocument(
            text=nodes.replace("NodId", "NodeId"))]))
    dup = (ROOT / "dup.tool").read_text()
    client.text_document_did_open(
        t.DidOpenTextDocumentParams(t.TextDocumentItem(
            uri=uri("dup.tool"), language_id="tool", version=1,
            text=dup.replace("/// Another thing.\nstruct Thing", "/// Another thing.\nstruct Other"))))
    await request("symbols_all_fixed", client.text_document_document_symbol_async(
        t.DocumentSymbolParams(text_document=doc("dup.tool"))))
    out["diagnostics_all_fixed"] = diagnostics()

    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    print(json.dumps(out, indent=1, sort_keys=True))


asyncio.run(main())
