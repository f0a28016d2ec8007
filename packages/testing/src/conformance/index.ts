// The engine conformance suite. Imports vitest, so it is its own entry: `@skill-eval/testing/conformance`.
export { describeEngineConformance } from './describe-engine-conformance.js';
export { expectMcpRoundTrip, type McpRoundTripOptions } from './expect-mcp-round-trip.js';
export {
  CHECK_NAMES,
  type CheckName,
  type ConformanceContext,
  type EngineConformanceOptions,
  type ServerConformanceOptions,
  type StandInConformanceOptions,
} from './options.js';
export { MARKER_VAR } from './run-check.js';
