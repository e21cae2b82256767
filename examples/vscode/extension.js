// Starts `toolc lsp` (the toolc language server, speaking LSP over stdio)
// for `.tool` files. Highlighting needs none of this: it comes from the
// grammar the manifest contributes.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("toolc").get("path", "toolc");
  const server = { command, args: ["lsp"] };
  client = new LanguageClient(
    "toolc",
    "toolc language server",
    { run: server, debug: server },
    { documentSelector: [{ language: "tool" }] },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
