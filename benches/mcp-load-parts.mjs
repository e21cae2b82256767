// What the MCP load test (`mcp-load.mjs`) starts and reads: child processes
// that are stopped however the test ends, a `redis-server` of its own, an
// OTLP/HTTP receiver that keeps the spans it is sent, the replicas' memory,
// and percentiles. Loopback only.

import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { connect, createServer as createTcpServer } from "node:net";
import { gunzipSync } from "node:zlib";

/** Every process started, so that `stopAll` can end them on any exit. */
const started = new Set();

/** Starts `command`; its output goes to `log` (a list of lines kept for errors). */
export function start(command, args, options = {}) {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], ...options });
  started.add(child);
  child.on("exit", () => started.delete(child));
  child.lines = [];
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream.on("data", (chunk) => {
      const parts = (rest + chunk).split("\n");
      rest = parts.pop() ?? "";
      for (const line of parts) {
        child.lines.push(line);
        // Keeps memory bounded: the audit of a TypeScript replica is a line a call.
        if (child.lines.length > 5000) child.lines.shift();
        child.emit("line", line);
      }
    });
  }
  return child;
}

/** Kills what is still running (SIGKILL), by the child's own pid. */
export function stopAll() {
  for (const child of started) {
    try {
      child.kill("SIGKILL");
    } catch {
      // already gone
    }
  }
}

/** Waits for `child` to end, or kills it after `ms`. */
export function stop(child, signal, ms) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
    }, ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/** The first line of `child`'s output that matches `pattern`, within `ms`. */
export function firstLine(child, pattern, ms, what) {
  return new Promise((resolve, reject) => {
    const found = child.lines.find((l) => pattern.test(l));
    if (found !== undefined) return resolve(found);
    const timer = setTimeout(() => reject(new Error(`${what} printed no ${pattern} within ${ms} ms:\n${child.lines.slice(-20).join("\n")}`)), ms);
    const onLine = (line) => {
      if (!pattern.test(line)) return;
      clearTimeout(timer);
      child.off("line", onLine);
      resolve(line);
    };
    child.on("line", onLine);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${what} ended (${code ?? signal}):\n${child.lines.slice(-20).join("\n")}`));
    });
  });
}

/** A free loopback port (bound, read, released). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createTcpServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A `redis-server` of the test's own on a free loopback port, nothing saved. */
export async function startRedis() {
  const port = await freePort();
  const child = start("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]);
  await new Promise((resolve, reject) => child.once("error", reject).once("spawn", resolve));
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.destroy();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (up) break;
    if (Date.now() > deadline) throw new Error("redis-server did not listen");
    await new Promise((r) => setTimeout(r, 20));
  }
  return { child, url: `redis://127.0.0.1:${port}` };
}

/** An OTLP/HTTP receiver (JSON bodies, gzip or not) that keeps every span sent to `/v1/traces`. */
export async function startReceiver() {
  const spans = [];
  const server = createServer((request, response) => {
    const chunks = [];
    request.on("data", (c) => chunks.push(c));
    request.on("end", () => {
      let body = Buffer.concat(chunks);
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
      if (request.url !== "/v1/traces") return;
      try {
        if (request.headers["content-encoding"] === "gzip") body = gunzipSync(body);
        const json = JSON.parse(body.toString("utf8"));
        for (const resource of json.resourceSpans ?? []) {
          for (const scope of resource.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) spans.push(span);
          }
        }
      } catch (e) {
        spans.unreadable = (spans.unreadable ?? 0) + 1;
        spans.lastError = String(e);
      }
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, spans, close: () => server.close() };
}

/** A span's attributes as a plain object (string values unwrapped). */
export function attributes(span) {
  const out = {};
  for (const { key, value } of span.attributes ?? []) {
    out[key] = value?.stringValue ?? value?.intValue ?? value?.boolValue ?? JSON.stringify(value);
  }
  return out;
}

/** Resident memory of a process in KiB (VmRSS), or undefined once it is gone. */
export function rssKiB(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((l) => l.startsWith("VmRSS:"));
    return line === undefined ? undefined : Number(line.split(/\s+/)[1]);
  } catch {
    return undefined;
  }
}

/** The p-th percentile (nearest rank) of `values` in ms. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** CPU time (user + system) a process has used, in seconds (clock ticks of 1/100 s, Linux's USER_HZ). */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}
