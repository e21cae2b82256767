// A tiny in-memory design document: just enough state for the handlers.

import type { NodeSummary } from "../generated/design.js";

export interface TextNode extends NodeSummary {
  font: string;
  weight: number;
  italic: boolean;
}

export class Document {
  private readonly nodes = new Map<string, TextNode>();
  private next = 1;

  addText(name: string): TextNode {
    const node: TextNode = { id: `1:${this.next++}`, name, kind: "TEXT", children: [], font: "Inter", weight: 400, italic: false };
    this.nodes.set(node.id, node);
    return node;
  }

  get(id: string): TextNode | undefined {
    return this.nodes.get(id);
  }

  find(query: string, limit: number): TextNode[] {
    return [...this.nodes.values()].filter((n) => n.name.includes(query)).slice(0, limit);
  }
}

/** The summary a tool returns: only the fields of `NodeSummary`. */
export function summary(node: TextNode): NodeSummary {
  return { id: node.id, name: node.name, kind: node.kind, children: node.children };
}
