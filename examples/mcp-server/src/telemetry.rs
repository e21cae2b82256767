//! OTLP export of the executor's spans and duration metric, when
//! `OTEL_EXPORTER_OTLP_ENDPOINT` is set (as every OpenTelemetry SDK does):
//! the runtime's `tracing` spans go through `tracing-opentelemetry` to the
//! SDK's batch exporter, and its `histogram.gen_ai.execute_tool.duration`
//! events through the metrics layer to a periodic exporter, both over
//! HTTP (`/v1/traces`, `/v1/metrics` under the endpoint). The exporters
//! read the other `OTEL_*` variables themselves (protocol, headers,
//! timeout), and the resource `OTEL_SERVICE_NAME`.

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::metrics::SdkMeterProvider;
use opentelemetry_sdk::trace::SdkTracerProvider;
use tracing_subscriber::layer::SubscriberExt as _;

/// The providers to flush when the server stops.
pub struct Telemetry {
    spans: SdkTracerProvider,
    metrics: SdkMeterProvider,
}

/// Installs the exporters when `OTEL_EXPORTER_OTLP_ENDPOINT` is set;
/// `None` when it is not, or why they cannot be made.
pub fn init() -> Result<Option<Telemetry>, String> {
    if std::env::var_os("OTEL_EXPORTER_OTLP_ENDPOINT").is_none() {
        return Ok(None);
    }
    let resource = match std::env::var_os("OTEL_SERVICE_NAME") {
        Some(_) => Resource::builder().build(),
        None => Resource::builder()
            .with_service_name(env!("CARGO_PKG_NAME"))
            .build(),
    };
    let span_exporter = opentelemetry_otlp::SpanExporter::builder()
        .with_http()
        .build()
        .map_err(|e| format!("the OTLP span exporter: {e}"))?;
    let spans = SdkTracerProvider::builder()
        .with_batch_exporter(span_exporter)
        .with_resource(resource.clone())
        .build();
    let metric_exporter = opentelemetry_otlp::MetricExporter::builder()
        .with_http()
        .build()
        .map_err(|e| format!("the OTLP metric exporter: {e}"))?;
    let metrics = SdkMeterProvider::builder()
        .with_periodic_exporter(metric_exporter)
        .with_resource(resource)
        .build();
    let subscriber = tracing_subscriber::registry()
        .with(tracing_opentelemetry::layer().with_tracer(spans.tracer(env!("CARGO_PKG_NAME"))))
        .with(tracing_opentelemetry::MetricsLayer::new(metrics.clone()));
    tracing::subscriber::set_global_default(subscriber)
        .map_err(|e| format!("the tracing subscriber: {e}"))?;
    Ok(Some(Telemetry { spans, metrics }))
}

impl Telemetry {
    /// Exports what is still buffered and stops the exporters.
    pub fn shutdown(self) {
        if let Err(e) = self.spans.shutdown() {
            eprintln!("exporting the last spans failed: {e}");
        }
        if let Err(e) = self.metrics.shutdown() {
            eprintln!("exporting the last metrics failed: {e}");
        }
    }
}
