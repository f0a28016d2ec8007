export { DiagnosticSink } from './diagnostic-sink.js';
export { JsonDiagnosticSink } from './json-diagnostic-sink.js';
export { syntaxMessage } from './json-syntax-message.js';
export { createLineIndex, type Position, spanPosition } from './line-index.js';
export { type GlobOptions, observedGlob } from './observed-glob.js';
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
export {
  isYamlMap,
  isYamlScalar,
  isYamlSeq,
  type ParsedYaml,
  parseYaml,
  useYamlStore,
  type YamlNode,
  type YamlProblem,
  type YamlStore,
  yamlGet,
  yamlItems,
  yamlKeyNode,
  yamlKeys,
} from './parse-yaml.js';
export {
  type At,
  type DocPath,
  keyNodeAt,
  type PathSource,
  reportAtPosition,
  yamlPathSource,
} from './path-source.js';
export { projectCopyLoss } from './project-copy-loss.js';
export {
  bmadProjectRoot,
  type FixtureResolution,
  findProjectRoot,
  foldersUpTo,
  insideBoundary,
  isInsideBoundary,
  outsideProjectMessage,
  projectBoundary,
  resolveFixture,
} from './resolve-fixture.js';
export { END_OF_TEXT, START_OF_TEXT } from './text-anchors.js';
export { toolRestrictionLoss } from './tool-restriction-loss.js';
export { type ShallowShape, shallowShape, topLevelKeys } from './top-level-keys.js';
export { encodeYamlSnapshot, YAML_SNAPSHOT_FORMAT } from './yaml-snapshot.js';
export { yamlSpan } from './yaml-span.js';
export { toYaml, yamlDoubleQuoted, yamlScalar } from './yaml-text.js';
