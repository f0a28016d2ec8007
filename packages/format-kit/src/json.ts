// JSON with positions, apart from the package's main entry: a caller that reads JSON only (a config) imports no YAML.
export { JsonDiagnosticSink } from './json-diagnostic-sink.js';
export { syntaxMessage } from './json-syntax-message.js';
export { createLineIndex, type Position, spanPosition } from './line-index.js';
export {
  describeType,
  duplicateKeys,
  itemsOf,
  type JsonNode,
  type JsonSyntaxError,
  keysOf,
  type ParsedJson,
  parseJson,
  property,
  unknownKeys,
} from './parse-json.js';
