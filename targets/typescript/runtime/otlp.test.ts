import assert from "node:assert/strict";
import { createServer } from "node:http";
import { test } from "node:test";

import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { BasicTracerProvider, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";

import { createToolbox, defineToolIn } from "./toolc-runtime.js";
import { otelTelemetry } from "./toolc-runtime.otel.js";
import { metadata, toolSpec } from "./fixtures.js";

interface OtlpSpan {
  readonly name: string;
  readonly attributes: ReadonlyArray<{ readonly key: string; readonly value: { readonly stringValue?: string } }>;
  readonly status?: { readonly code?: number };
}

test("spans with the GenAI attributes arrive over OTLP/HTTP JSON at a receiver", async () => {
  const bodies: unknown[] = [];
  const receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      bodies.push({ path: request.url, type: request.headers["content-type"], body: JSON.parse(body) as unknown });
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const address = receiver.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: `http://127.0.0.1:${port}/v1/traces` }))] });
  try {
    const limited = defineToolIn({}, toolSpec("search", { metadata: metadata({ rateLimit: { count: 1, perMs: 60_000 } }) }));
    const executor = createToolbox([{ name: "ci", tools: [limited], handlers: { search: () => undefined } }]).createExecutor({
      telemetry: otelTelemetry({ tracer: provider.getTracer("toolc-runtime") }),
    });
    await executor.call("search", {});
    await executor.call("search", {});
    await provider.forceFlush();
  } finally {
    await provider.shutdown();
    receiver.close();
  }
  const requests = bodies as Array<{ path: string; type: string; body: { resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }> } }>;
  assert.ok(requests.length > 0);
  assert.ok(requests.every((r) => r.path === "/v1/traces" && r.type.startsWith("application/json")), JSON.stringify(requests.map((r) => [r.path, r.type])));
  const spans = requests.flatMap((r) => r.body.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans)));
  const attributes = spans.map((span) => [span.name, Object.fromEntries(span.attributes.map((a) => [a.key, a.value.stringValue]))]);
  assert.deepEqual(attributes, [
    [
      "execute_tool search",
      { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "search", "gen_ai.tool.call.id": "call-1", "gen_ai.tool.type": "function", "toolc.session.id": "default" },
    ],
    [
      "execute_tool search",
      {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "search",
        "gen_ai.tool.call.id": "call-2",
        "gen_ai.tool.type": "function",
        "toolc.session.id": "default",
        "error.type": "rate_limited",
      },
    ],
  ]);
  assert.equal(spans[1]?.status?.code, 2, "STATUS_CODE_ERROR");
});
