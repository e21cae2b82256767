/**
 * OpenTelemetry for the executor (`telemetry: otelTelemetry()`): every call
 * a span after the GenAI semantic conventions (`execute_tool {tool}`, kind
 * INTERNAL), a child of the caller's active span, with the rest of the call
 * (its hooks, its handler) run in the span's context, so that what the
 * handler traces nests under it; and the histogram
 * `gen_ai.execute_tool.duration` in seconds. Arguments and results are
 * recorded only with `recordContent`, `@secret` values redacted.
 *
 * This module loads `@opentelemetry/api` (a no-op until an SDK is
 * registered) and is typed without it, as the executor, which never imports
 * this module, is: the runtime compiles without the package installed.
 *
 * @module
 */

import type { CallContent, CallStart, CallTrace, Telemetry, ToolResult } from "./toolc-runtime.calls.js";

/** The parts of an OpenTelemetry `Span` this module sets. */
export interface OtelSpan {
  setAttribute(key: string, value: string): unknown;
  setStatus(status: { code: number }): unknown;
  end(): void;
}

/** The part of an OpenTelemetry `Tracer` this module uses: any tracer fits. */
export interface OtelTracer {
  startSpan(name: string, options: { kind: number; attributes: Record<string, string> }, context: unknown): OtelSpan;
}

/** The part of an OpenTelemetry `Meter` this module uses: any meter fits. */
export interface OtelMeter {
  createHistogram(name: string, options: { unit: string; description: string }): { record(value: number, attributes: Record<string, string>): void };
}

export interface OtelTelemetryOptions {
  /** Record `gen_ai.tool.call.arguments` and `gen_ai.tool.call.result`
   * (JSON, secrets redacted). Default: false. */
  readonly recordContent?: boolean;
  /** Default: the global provider's tracer `toolc-runtime`. */
  readonly tracer?: OtelTracer;
  /** Default: the global provider's meter `toolc-runtime`, taken at the first call's end. */
  readonly meter?: OtelMeter;
}

/** The part of `@opentelemetry/api` this module uses. */
interface OtelApi {
  context: { active(): unknown; with<T>(context: unknown, run: () => T): T };
  trace: { getTracer(name: string): OtelTracer; setSpan(context: unknown, span: OtelSpan): unknown };
  metrics: { getMeter(name: string): OtelMeter };
}

/** The package's name as a plain string, so that the compiler does not look for its types. */
const OTEL_API: string = "@opentelemetry/api";
const loaded = (await import(OTEL_API)) as Partial<OtelApi> & { default?: OtelApi };
const api: OtelApi = loaded.context !== undefined ? (loaded as OtelApi) : (loaded.default as OtelApi);

/** `SpanKind.INTERNAL` and `SpanStatusCode.ERROR` of the API (fixed by the specification). */
const INTERNAL = 0;
const ERROR = 2;
const NAME = "toolc-runtime";

/** Telemetry that makes each call a span and a duration measurement. */
export function otelTelemetry(options: OtelTelemetryOptions = {}): Telemetry {
  const tracer = options.tracer ?? api.trace.getTracer(NAME);
  let histogram: ReturnType<OtelMeter["createHistogram"]> | undefined;
  const measured = (): NonNullable<typeof histogram> =>
    (histogram ??= (options.meter ?? api.metrics.getMeter(NAME)).createHistogram("gen_ai.execute_tool.duration", {
      unit: "s",
      description: "Duration of tool execution",
    }));
  const recordContent = options.recordContent === true;
  return {
    recordContent,
    start(call: CallStart): CallTrace {
      const began = performance.now();
      const attributes = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": call.tool,
        "gen_ai.tool.call.id": call.callId,
        "gen_ai.tool.type": "function",
        "toolc.session.id": call.sessionId,
      };
      const parent = api.context.active();
      const span = tracer.startSpan(`execute_tool ${call.tool}`, { kind: INTERNAL, attributes }, parent);
      const inside = api.trace.setSpan(parent, span);
      return {
        within: (run) => api.context.with(inside, run),
        end(result: ToolResult, content?: CallContent) {
          const seconds = (performance.now() - began) / 1000;
          const code = result.ok ? undefined : result.error.code;
          if (recordContent && content !== undefined) {
            setJson(span, "gen_ai.tool.call.arguments", content.args);
            if (result.ok) setJson(span, "gen_ai.tool.call.result", content.value);
          }
          if (code !== undefined) {
            span.setAttribute("error.type", code);
            span.setStatus({ code: ERROR });
          }
          span.end();
          const measuredAttributes: Record<string, string> = { "gen_ai.tool.name": call.tool, "gen_ai.operation.name": "execute_tool" };
          if (code !== undefined) measuredAttributes["error.type"] = code;
          measured().record(seconds, measuredAttributes);
        },
      };
    },
  };
}

/** Sets `key` to the JSON of `value`, unless it has none. */
function setJson(span: OtelSpan, key: string, value: unknown): void {
  let text: string | undefined;
  try {
    text = JSON.stringify(value ?? null);
  } catch {
    return;
  }
  if (text !== undefined) span.setAttribute(key, text);
}
