// A `redis-server` of the test's own on a free loopback port, never a
// shared one. Without `redis-server` on the PATH the tests fail, unless
// TOOLC_SKIP_REDIS=1 asks to skip them.

import { spawn, type ChildProcess } from "node:child_process";
import { createServer, connect } from "node:net";

export const SKIP_REDIS = process.env["TOOLC_SKIP_REDIS"] === "1";

export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Stops the server (and waits until it is gone). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  restart(): Promise<void>;
}

/** A port no one listens on now: bound on 127.0.0.1 and released. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts `redis-server` without persistence on a free port of 127.0.0.1. */
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    const spawned = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: ["ignore", "pipe", "pipe"] });
    child = spawned;
    let output = "";
    spawned.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    spawned.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const failed = new Promise<never>((_, reject) => {
      spawned.on("error", (error) => reject(new Error(`cannot run redis-server (install it, or set TOOLC_SKIP_REDIS=1 to skip): ${error.message}`)));
      spawned.on("exit", (code) => reject(new Error(`redis-server exited with ${String(code)}:\n${output}`)));
    });
    const deadline = Date.now() + 10_000;
    while (!(await answers(port))) {
      if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${port}:\n${output}`);
      await Promise.race([failed, new Promise((resolve) => setTimeout(resolve, 50))]);
    }
    failed.catch(() => undefined);
  };
  const stop = async (): Promise<void> => {
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGKILL");
    await exited;
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, stop, restart: start };
}

/** Whether something on `port` answers a PING with PONG. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let reply = "";
    socket.setTimeout(500, () => (socket.destroy(), resolve(false)));
    socket.on("error", () => resolve(false));
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (chunk) => {
      reply += chunk.toString();
      if (reply.includes("\r\n")) {
        socket.destroy();
        resolve(reply.startsWith("+PONG"));
      }
    });
  });
}
