import assert from "node:assert/strict";
import { test } from "node:test";

import { SpanKind, SpanStatusCode, context, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { MeterProvider, MetricReader, type HistogramMetricData } from "@opentelemetry/sdk-metrics";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";

import { createToolbox, declaredError, defineToolIn, type ToolSpec } from "./toolc-runtime.js";
import { otelTelemetry } from "./toolc-runtime.otel.js";
import { metadata, toolSpec } from "./fixtures.js";

// What carries the active span across awaits, as an SDK installs it.
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());

/** Collects on demand. */
class TestReader extends MetricReader {
  protected override onForceFlush(): Promise<void> {
    return Promise.resolve();
  }
  protected override onShutdown(): Promise<void> {
    return Promise.resolve();
  }
}

const login: ToolSpec<string, unknown>["output"] = {
  kind: "object",
  fields: { user: { type: { kind: "string" }, required: true }, token: { type: { kind: "string" }, required: true, secret: true } },
};
const signIn = defineToolIn(
  {},
  toolSpec("sign_in", {
    params: { user: { type: { kind: "string" }, required: true }, password: { type: { kind: "string" }, required: true, secret: true } },
    output: login,
  }),
);
const fail = defineToolIn({}, toolSpec("fail", { metadata: metadata({ errors: { busy: { message: "Busy.", retryable: true } } }) }));

function setup(recordContent = false) {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const reader = new TestReader();
  const meters = new MeterProvider({ readers: [reader] });
  const tracer = provider.getTracer("test");
  const handlers = {
    sign_in: (args: { user: string }) => {
      // What the handler traces nests under the call's span.
      tracer.startSpan("inside").end();
      return { user: args.user, token: "t0ken" };
    },
    fail: () => Promise.reject(declaredError({ busy: { message: "Busy.", retryable: true } }, "busy")),
  };
  const telemetry = otelTelemetry({ tracer: provider.getTracer("toolc-runtime"), meter: meters.getMeter("toolc-runtime"), recordContent });
  const executor = createToolbox([{ name: "auth", tools: [signIn, fail], handlers }]).createExecutor({ telemetry });
  return { exporter, reader, tracer, executor };
}

test("each call is an execute_tool span under the caller's span, its handler inside it", async () => {
  const { exporter, tracer, executor } = setup();
  const parent = tracer.startSpan("agent turn");
  const session = executor.session({ id: "s1" });
  const result = await context.with(trace.setSpan(context.active(), parent), () => session.call("sign_in", { user: "ana", password: "hunter2" }));
  parent.end();
  assert.equal(result.ok, true);
  const spans = exporter.getFinishedSpans();
  const call = spans.find((s) => s.name === "execute_tool sign_in");
  const inside = spans.find((s) => s.name === "inside");
  assert.ok(call !== undefined && inside !== undefined, spans.map((s) => s.name).join(", "));
  assert.equal(call.kind, SpanKind.INTERNAL);
  assert.equal(call.parentSpanContext?.spanId, parent.spanContext().spanId);
  assert.equal(call.spanContext().traceId, parent.spanContext().traceId, "one trace");
  assert.equal(inside.parentSpanContext?.spanId, call.spanContext().spanId);
  assert.deepEqual(call.attributes, {
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.name": "sign_in",
    "gen_ai.tool.call.id": "call-1",
    "gen_ai.tool.type": "function",
    "toolc.session.id": "s1",
  });
  assert.equal(call.status.code, SpanStatusCode.UNSET);
  assert.ok(!JSON.stringify(spans.map((s) => s.attributes)).includes("hunter2"));
});

test("a failed call carries error.type and an error status, unknown tools too", async () => {
  const { exporter, executor } = setup();
  assert.equal((await executor.call("fail", {})).error?.code, "busy");
  assert.equal((await executor.call("nope", {})).error?.code, "unknown_tool");
  const [failed, unknown] = exporter.getFinishedSpans();
  assert.equal(failed?.attributes["error.type"], "busy");
  assert.equal(failed?.status.code, SpanStatusCode.ERROR);
  assert.equal(unknown?.name, "execute_tool nope");
  assert.equal(unknown?.attributes["error.type"], "unknown_tool");
});

test("arguments and results are recorded only when asked, secrets redacted", async () => {
  const quiet = setup(false);
  await quiet.executor.call("sign_in", { user: "ana", password: "hunter2" });
  const [plain] = quiet.exporter.getFinishedSpans();
  assert.equal(plain?.attributes["gen_ai.tool.call.arguments"], undefined);
  assert.equal(plain?.attributes["gen_ai.tool.call.result"], undefined);

  const loud = setup(true);
  await loud.executor.call("sign_in", { user: "ana", password: "hunter2" });
  await loud.executor.call("fail", {});
  const [recorded, failed] = loud.exporter.getFinishedSpans().filter((s) => s.name.startsWith("execute_tool"));
  assert.equal(recorded?.attributes["gen_ai.tool.call.arguments"], '{"user":"ana","password":"[redacted]"}');
  assert.equal(recorded?.attributes["gen_ai.tool.call.result"], '{"user":"ana","token":"[redacted]"}');
  assert.equal(failed?.attributes["gen_ai.tool.call.arguments"], "{}");
  assert.equal(failed?.attributes["gen_ai.tool.call.result"], undefined, "a failed call has no result");
});

test("every call is measured in gen_ai.execute_tool.duration, in seconds", async () => {
  const { reader, executor } = setup();
  await executor.call("sign_in", { user: "ana", password: "p" });
  await executor.call("sign_in", { user: "bo", password: "p" });
  await executor.call("fail", {});
  const { resourceMetrics } = await reader.collect();
  const metric = resourceMetrics.scopeMetrics.flatMap((s) => s.metrics).find((m) => m.descriptor.name === "gen_ai.execute_tool.duration") as HistogramMetricData | undefined;
  assert.ok(metric !== undefined);
  assert.equal(metric.descriptor.unit, "s");
  const points = metric.dataPoints.map((p) => ({ attributes: p.attributes, count: p.value.count }));
  assert.deepEqual(points, [
    { attributes: { "gen_ai.tool.name": "sign_in", "gen_ai.operation.name": "execute_tool" }, count: 2 },
    { attributes: { "gen_ai.tool.name": "fail", "gen_ai.operation.name": "execute_tool", "error.type": "busy" }, count: 1 },
  ]);
  assert.ok(metric.dataPoints.every((p) => (p.value.sum ?? 0) < 5), "seconds, not milliseconds");
});

test("without an SDK the telemetry is a no-op; with one registered it uses the global tracer", async () => {
  const executor = createToolbox([{ tools: [signIn], handlers: { sign_in: (args: { user: string }) => ({ user: args.user, token: "x" }) } }]).createExecutor({
    telemetry: otelTelemetry(),
  });
  assert.equal((await executor.call("sign_in", { user: "ana", password: "p" })).ok, true);
  const exporter = new InMemorySpanExporter();
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
  try {
    assert.equal((await executor.call("sign_in", { user: "ana", password: "p" })).ok, true);
    assert.deepEqual(
      exporter.getFinishedSpans().map((s) => [s.name, s.instrumentationScope.name]),
      [["execute_tool sign_in", "toolc-runtime"]],
    );
  } finally {
    trace.disable();
  }
});

test("a telemetry that throws changes no result", async () => {
  const broken = { start: () => ({ within: <T>(run: () => T): T => run(), end: () => assert.fail("end") }) };
  const failing = { start: (): never => assert.fail("start") };
  for (const telemetry of [broken, failing]) {
    const executor = createToolbox([{ tools: [fail], handlers: { fail: () => undefined } }]).createExecutor({ telemetry });
    assert.equal((await executor.call("fail", {})).ok, true);
  }
});
