/**
 * MCP over Streamable HTTP with the MCP TypeScript SDK's
 * `StreamableHTTPServerTransport`, on `node:http`: one transport, one
 * server and so one toolc session per `Mcp-Session-Id`, closed with it. A
 * request without a session id that does not initialize one (a client of
 * the 2026-07-28 revision) gets a server and session for that request
 * alone. Only a package's `.mcp.ts` module imports this.
 *
 * @module
 */

import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";

/** What serves one connection: an `McpServer` or a `Server`. */
export interface Connectable {
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}

export interface McpHttpOptions {
  /**
   * Who sends a request (for instance from its `Authorization: Bearer`
   * token); `clientId` becomes the session's principal, whose grants the
   * executor's `grantsFor` gives. A host that must refuse a request
   * without one answers it before it gets here. Default: nobody, so the
   * executor's `grants`.
   */
  readonly authenticate?: (request: IncomingMessage) => AuthInfo | undefined | Promise<AuthInfo | undefined>;
  /**
   * An MCP session with no request for this long is closed (its server and
   * toolc session with it) when the next request of any client comes, so
   * clients that leave without ending their session are not kept for
   * ever. Default: 1800000 (30 minutes, the executor's `sessionIdleMs`).
   */
  readonly idleMs?: number;
}

/** A request handler for the MCP endpoint, and the way to end every session. */
export interface McpHttpHandler {
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
  close(): Promise<void>;
}

/** The largest request body read, in bytes. */
const MAX_BODY = 4 * 1024 * 1024;

/**
 * Handles MCP requests with a server from `makeServer` per session (each
 * `createMcpServer(executor, ...)` is one toolc session on the shared
 * executor).
 */
export function mcpHttpHandler(makeServer: () => Connectable, options: McpHttpOptions = {}): McpHttpHandler {
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; used: number }>();
  const idleMs = options.idleMs ?? 30 * 60 * 1000;
  if (!Number.isFinite(idleMs) || idleMs < 0) throw new RangeError("idleMs must be a finite number of milliseconds, at least 0");
  /** Closes the sessions idle for longer than `idleMs` (each request checks). */
  const sweep = (now: number): void => {
    for (const [id, open] of sessions) {
      if (now - open.used <= idleMs) continue;
      sessions.delete(id);
      void open.transport.close();
    }
  };
  const opened = async (transport: StreamableHTTPServerTransport): Promise<Connectable> => {
    const server = makeServer();
    await server.connect(transport);
    return server;
  };
  return {
    async handle(request, response) {
      const body = request.method === "POST" ? await readJson(request) : undefined;
      if (body === INVALID) return fail(response, 400, -32700, "Parse error: the body is not JSON");
      const auth = await options.authenticate?.(request);
      if (auth !== undefined) (request as IncomingMessage & { auth?: AuthInfo }).auth = auth;
      const id = request.headers["mcp-session-id"];
      const known = typeof id === "string" ? sessions.get(id) : undefined;
      // The session asking is in use: it is marked before the others are swept.
      const now = Date.now();
      if (known !== undefined) known.used = now;
      sweep(now);
      if (known !== undefined) return known.transport.handleRequest(request, response, body);
      if (id !== undefined) return fail(response, 404, -32001, "Session not found");
      if (request.method !== "POST") return fail(response, 400, -32000, "Bad request: no session id");
      if (isInitializeRequest(body)) {
        let server: Connectable | undefined;
        const transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (sessionId) => {
            sessions.set(sessionId, { transport, used: Date.now() });
          },
        });
        transport.onclose = () => {
          if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
          void server?.close();
        };
        server = await opened(transport);
        return transport.handleRequest(request, response, body);
      }
      // A request that stands alone: its own server and session, closed
      // once it is answered.
      const transport = new StreamableHTTPServerTransport({});
      const server = await opened(transport);
      response.on("close", () => {
        void transport.close();
        void server.close();
      });
      return transport.handleRequest(request, response, body);
    },
    async close() {
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.all(open.map((o) => o.transport.close()));
    },
  };
}

/** A body that is not JSON. */
const INVALID = Symbol("invalid");

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    if (size > MAX_BODY) return INVALID;
    chunks.push(bytes);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
  } catch {
    return INVALID;
  }
}

function fail(response: ServerResponse, status: number, code: number, message: string): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

/** A running HTTP server: the MCP endpoint's URL, and how to stop it. */
export interface McpHttpServer {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves MCP at `http://HOST:PORT/mcp` (`path` to change it; port 0 picks
 * a free one, which `url` names); other paths answer 404.
 */
export async function serveMcpHttp(
  makeServer: () => Connectable,
  listen: { readonly host?: string; readonly port?: number; readonly path?: string } & McpHttpOptions = {},
): Promise<McpHttpServer> {
  const path = listen.path ?? "/mcp";
  const handler = mcpHttpHandler(makeServer, listen);
  const http = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (url.pathname !== path) return fail(response, 404, -32601, `Not found: the MCP endpoint is ${path}`);
    handler.handle(request, response).catch(() => {
      if (!response.headersSent) fail(response, 500, -32603, "Internal error");
    });
  });
  const host = listen.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(listen.port ?? 0, host, () => resolve());
  });
  const address = http.address() as AddressInfo;
  const shown = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}${path}`,
    async close() {
      await handler.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
