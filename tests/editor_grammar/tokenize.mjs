// Tokenizes sources with the TextMate grammar through vscode-textmate and
// vscode-oniguruma, the engine VS Code itself highlights with.
//
// Usage: node tokenize.mjs NODE_DIR GRAMMAR < sources.json
// where sources.json is `[{"name": ..., "text": ...}, ...]`. Prints
// `[{"name", "depth", "open", "lines": [[[text, [scopes...]], ...], ...]}, ...]`:
// `depth` is the depth of the rule stack after the last line, 1 when every
// string, comment and block opened in the source was closed again; `open`
// holds the scopes still open there (those an empty line after it gets).

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";

const [nodeDir, grammarPath] = process.argv.slice(2);
// The packages live under target/, not next to this script.
const require = createRequire(resolve(nodeDir, "package.json"));
const textmate = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const wasm = readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm"));
await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));

const registry = new textmate.Registry({
  onigLib: Promise.resolve({
    createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
    createOnigString: (text) => new oniguruma.OnigString(text),
  }),
  loadGrammar: async (scopeName) => {
    if (scopeName !== "source.tool") return null;
    const text = readFileSync(grammarPath, "utf8");
    return textmate.parseRawGrammar(text, grammarPath);
  },
});
const grammar = await registry.loadGrammar("source.tool");
if (!grammar) throw new Error(`no grammar for source.tool in ${grammarPath}`);

const sources = JSON.parse(readFileSync(0, "utf8"));
const results = sources.map(({ name, text }) => {
  let stack = textmate.INITIAL;
  const lines = text.split(/\r?\n/).map((line, index) => {
    const result = grammar.tokenizeLine(line, stack, 10000);
    if (result.stoppedEarly) {
      throw new Error(`${name}:${index + 1}: tokenizing stopped early`);
    }
    stack = result.ruleStack;
    return result.tokens.map((token, i) => {
      const end = i + 1 < result.tokens.length ? result.tokens[i + 1].startIndex : line.length;
      return [line.slice(token.startIndex, end), token.scopes];
    });
  });
  const open = grammar.tokenizeLine("", stack).tokens[0].scopes;
  return { name, depth: stack.depth, open, lines };
});
process.stdout.write(JSON.stringify(results));
