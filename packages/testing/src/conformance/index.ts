// The conformance suites of engines, formats and environments. Imports vitest, so it is its own entry:
// `@skill-eval/testing/conformance`.
export { describeEngineConformance } from './describe-engine-conformance.js';
export { describeEnvironmentConformance } from './describe-environment-conformance.js';
export { describeFormatConformance } from './describe-format-conformance.js';
export {
  ENVIRONMENT_CHECK_NAMES,
  type EnvironmentCheckName,
  type EnvironmentConformanceOptions,
} from './environment-options.js';
export { expectMcpRoundTrip, type McpRoundTripOptions } from './expect-mcp-round-trip.js';
export {
  FORMAT_CHECK_NAMES,
  type FormatCheckName,
  type FormatConformanceOptions,
  type InvalidSample,
  type ValidSample,
} from './format-options.js';
export {
  CHECK_NAMES,
  type CheckName,
  type ConformanceContext,
  type EngineConformanceOptions,
  type ServerConformanceOptions,
  type StandInConformanceOptions,
} from './options.js';
export { MARKER_VAR } from './run-check.js';
