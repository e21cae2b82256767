// OpenTelemetry for the example server, as every OpenTelemetry SDK does it:
// when OTEL_EXPORTER_OTLP_ENDPOINT is set (http://127.0.0.1:4318, say),
// the spans of the executor's calls (`execute_tool {tool}`, with the GenAI
// attributes) are exported over OTLP/HTTP to `$OTEL_EXPORTER_OTLP_ENDPOINT/v1/traces`;
// the exporter reads the other OTEL_EXPORTER_OTLP_* variables (headers,
// timeout) itself. Without the variable nothing is set up and the
// executor's telemetry is a no-op.

import { context, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { BasicTracerProvider, BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";

/** Installs the OTLP trace export when the environment asks for it;
 * returns what flushes and stops it (undefined when it is off). */
export function startTelemetry(env: NodeJS.ProcessEnv = process.env): (() => Promise<void>) | undefined {
  if ((env["OTEL_EXPORTER_OTLP_ENDPOINT"] ?? "") === "" && (env["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"] ?? "") === "") return undefined;
  // Carries the caller's span across awaits, so that a handler's own spans nest under its call.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const provider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
  trace.setGlobalTracerProvider(provider);
  return () => provider.shutdown();
}
