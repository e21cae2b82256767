// Tool implementations, written once against the generated types and served
// both to the Vercel AI SDK (ai.ts) and over MCP (server.ts).

import { setFont, toolError, type ToolHandlers } from "../generated/design.js";
import { Document, summary } from "./document.js";

export function handlers(doc: Document): ToolHandlers<unknown> {
  return {
    // `args` is SetFontArgs: validated, defaults applied (weight, italic, align).
    set_font(args) {
      const node = doc.get(args.id);
      if (node === undefined) throw toolError(setFont, "node_not_found");
      node.font = args.font;
      node.weight = args.weight;
      node.italic = args.italic;
      return summary(node);
    },
    find_nodes(args) {
      return doc.find(args.query, args.limit).map(summary);
    },
    draw(args) {
      for (const shape of args.shapes) {
        // Tagged union: the discriminator narrows the variant.
        if (shape.kind === "circle") console.error(`circle r=${shape.radius}`);
        else console.error(`rect ${shape.width}x${shape.height} corner=${shape.corner}`);
      }
    },
    ping() {
      return true;
    },
  };
}
