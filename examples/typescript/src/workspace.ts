// A workspace directory whose paths the tools resolve safely.

import { realpath } from "node:fs/promises";
import * as path from "node:path";

import type { AnyToolDef } from "../generated/filesystem.js";
import { toolError } from "../generated/filesystem.js";

export class Workspace {
  constructor(readonly root: string) {}

  /**
   * The absolute path of `rel`, refusing anything that leaves the root
   * (`..`, absolute paths, or a symbolic link pointing outside).
   */
  async resolve(tool: AnyToolDef, rel: string, mustExist = false): Promise<string> {
    const root = await realpath(this.root);
    const full = path.resolve(root, rel);
    const inside = (p: string) => p === root || p.startsWith(root + path.sep);
    if (!inside(full)) throw toolError(tool, "outside_workspace");
    if (mustExist) {
      const real = await realpath(full).catch(() => full);
      if (!inside(real)) throw toolError(tool, "outside_workspace");
    }
    return full;
  }

  /** `abs` relative to the root, with forward slashes (`.` for the root). */
  relative(abs: string): string {
    const rel = path.relative(this.root, abs).split(path.sep).join("/");
    return rel === "" ? "." : rel;
  }
}

/** The `code` of a Node.js system error, if it is one. */
export function errno(e: unknown): string | undefined {
  return typeof e === "object" && e !== null && "code" in e && typeof e.code === "string" ? e.code : undefined;
}
