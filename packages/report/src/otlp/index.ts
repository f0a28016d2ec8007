// `@skill-eval/report/otlp`: a run exported as OpenTelemetry traces over OTLP/HTTP (JSON), following the GenAI
// semantic conventions. Its own entry, so that a run without traces never loads it.
export { executionSpans, modelTurns, type TimedEvent } from './execution-spans.js';
export { exportRequest, MAX_ATTRIBUTE_CHARS, type SpanRecord } from './otlp-json.js';
export { createOtlpExporter, type OtlpExporter, type OtlpExporterOptions } from './otlp-reporter.js';
export { createOtlpSender, type OtlpSender } from './otlp-sender.js';
export { OTLP_ENDPOINT_VARIABLES, type OtlpTarget, otlpTarget } from './otlp-target.js';
