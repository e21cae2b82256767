// The filesystem tools, implemented once against the generated types and
// served both to the Vercel AI SDK (ai.ts) and over MCP (server.ts). Every
// handler receives arguments that are already validated, defaults applied.

import { lstat, mkdir, readdir, readFile, readlink, rename, rm, stat, writeFile } from "node:fs/promises";
import type { Stats } from "node:fs";
import * as path from "node:path";

import {
  createDirectory,
  deletePaths,
  listDirectory,
  movePath,
  readFile as readFileTool,
  removeFile,
  searchFiles,
  statPath,
  toolError,
  writeFile as writeFileTool,
  type AnyToolDef,
  type EntryKind,
  type Stat,
  type ToolHandlers,
} from "../generated/filesystem.js";
// The types filesystem.tool takes from common/types.tool live in that file's
// own module, which every package using them shares.
import type { TextMatch } from "../generated/common.js";
import { Workspace, errno } from "./workspace.js";

function kind(s: Stats): EntryKind {
  return s.isSymbolicLink() ? "symlink" : s.isDirectory() ? "directory" : "file";
}

function permissions(mode: number): string {
  const bits = "rwxrwxrwx";
  return [...bits].map((c, i) => ((mode >> (8 - i)) & 1 ? c : "-")).join("");
}

/** Maps the usual system errors onto the tool's declared codes. */
function fail(tool: AnyToolDef, e: unknown): never {
  switch (errno(e)) {
    case "ENOENT":
      throw toolError(tool, "not_found");
    case "EISDIR":
      throw toolError(tool, "is_a_directory");
    case "ENOTDIR":
      throw toolError(tool, "not_a_directory");
    case "EEXIST":
      throw toolError(tool, "already_exists");
    case "ENOTEMPTY":
      throw toolError(tool, "directory_not_empty");
    case "EBUSY":
      throw toolError(tool, "busy");
    default:
      throw e;
  }
}

export function handlers(ws: Workspace): ToolHandlers<unknown> {
  async function describe(tool: AnyToolDef, abs: string): Promise<Stat> {
    const s = await lstat(abs).catch((e: unknown) => fail(tool, e));
    return {
      path: ws.relative(abs),
      type: kind(s),
      size: s.isDirectory() ? 0 : s.size,
      created: s.birthtimeMs > 0 ? s.birthtime.toISOString() : null,
      modified: s.mtime.toISOString(),
      mode: s.mode & 0o7777,
      permissions: permissions(s.mode),
      link_target: s.isSymbolicLink() ? await readlink(abs) : null,
    };
  }

  return {
    async read_file(args) {
      const abs = await ws.resolve(readFileTool, args.path, true);
      const bytes = await readFile(abs).catch((e: unknown) => fail(readFileTool, e));
      const part = bytes.subarray(args.offset, args.offset + args.max_bytes);
      const text = new TextDecoder("utf-8", { fatal: true });
      let content: string;
      if (args.encoding === "base64") {
        content = part.toString("base64");
      } else {
        try {
          content = text.decode(part);
        } catch {
          throw toolError(readFileTool, "invalid_encoding");
        }
      }
      return { path: args.path, encoding: args.encoding, content, size: bytes.length, truncated: args.offset + part.length < bytes.length };
    },

    async list_directory(args) {
      const abs = await ws.resolve(listDirectory, args.path, true);
      const names = await readdir(abs).catch((e: unknown) => fail(listDirectory, e));
      const visible = names.filter((n) => args.include_hidden || !n.startsWith(".")).sort();
      const entries = [];
      for (const name of visible.slice(0, args.limit)) {
        const s = await lstat(path.join(abs, name));
        entries.push({ name, path: ws.relative(path.join(abs, name)), type: kind(s), size: s.isDirectory() ? 0 : s.size, modified: s.mtime.toISOString() });
      }
      return { path: args.path, entries, truncated: visible.length > args.limit };
    },

    async stat_path(args) {
      return describe(statPath, await ws.resolve(statPath, args.path, true));
    },

    async search_files(args) {
      const base = await ws.resolve(searchFiles, args.under, true);
      let pattern: RegExp;
      try {
        pattern = args.mode === "regex" ? new RegExp(args.query) : new RegExp(args.query.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
      } catch {
        throw toolError(searchFiles, "invalid_regex");
      }
      const matches: TextMatch[] = [];
      let filesSearched = 0;
      const walk = async (dir: string): Promise<void> => {
        const entries = await readdir(dir, { withFileTypes: true }).catch((e: unknown) => fail(searchFiles, e));
        for (const entry of entries) {
          if (matches.length >= args.max_results) return;
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) {
            if (!entry.name.startsWith(".")) await walk(full);
            continue;
          }
          const ext = path.extname(entry.name).slice(1);
          if (!entry.isFile() || (args.extensions !== undefined && !args.extensions.includes(ext))) continue;
          filesSearched++;
          const lines = (await readFile(full, "utf8")).split("\n");
          for (const [i, line] of lines.entries()) {
            const m = pattern.exec(line);
            if (m === null) continue;
            matches.push({ path: ws.relative(full), line: i + 1, column: [...line.slice(0, m.index)].length + 1, text: [...line].slice(0, 400).join("") });
            if (matches.length >= args.max_results) return;
          }
        }
      };
      await walk(base);
      return { matches, files_searched: filesSearched, truncated: matches.length >= args.max_results };
    },

    async create_directory(args) {
      const abs = await ws.resolve(createDirectory, args.path);
      await mkdir(abs, { recursive: true }).catch((e: unknown) => fail(createDirectory, e));
      return describe(createDirectory, abs);
    },

    async write_file(args) {
      const abs = await ws.resolve(writeFileTool, args.path);
      const existed = await stat(abs).then(() => true, () => false);
      if (existed && !args.overwrite) throw toolError(writeFileTool, "already_exists");
      const bytes = args.encoding === "base64" ? Buffer.from(args.content, "base64") : Buffer.from(args.content, "utf8");
      await writeFile(abs, bytes).catch((e: unknown) => fail(writeFileTool, e));
      return { path: args.path, bytes_written: bytes.length, replaced: existed };
    },

    async move_path(args) {
      const from = await ws.resolve(movePath, args.from, true);
      const to = await ws.resolve(movePath, args.to);
      const replaced = await lstat(to).then(() => true, () => false);
      if (replaced && !args.overwrite) throw toolError(movePath, "already_exists");
      await rename(from, to).catch((e: unknown) => fail(movePath, e));
      return { from: args.from, to: args.to, replaced };
    },

    async delete_paths(args) {
      let filesRemoved = 0;
      for (const rel of args.paths) {
        const abs = await ws.resolve(deletePaths, rel, true);
        const s = await lstat(abs).catch((e: unknown) => fail(deletePaths, e));
        if (s.isDirectory() && !args.recursive && (await readdir(abs)).length > 0) throw toolError(deletePaths, "directory_not_empty");
        filesRemoved += s.isDirectory() ? (await readdir(abs, { recursive: true })).length : 1;
        await rm(abs, { recursive: args.recursive, force: false }).catch((e: unknown) => fail(deletePaths, e));
      }
      return { deleted: args.paths, files_removed: filesRemoved };
    },

    async remove_file(args) {
      const abs = await ws.resolve(removeFile, args.path, true);
      await rm(abs).catch((e: unknown) => fail(removeFile, e));
      return { deleted: [args.path], files_removed: 1 };
    },
  };
}
