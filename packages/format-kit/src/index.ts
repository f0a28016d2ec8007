export { caseLabel } from './case-label.js';
export { DiagnosticSink } from './diagnostic-sink.js';
// JSON with positions (also the package's `./json` entry, which imports no YAML).
export * from './json.js';
export { withMergeKeys } from './merge-keys.js';
export { type GlobOptions, observedGlob } from './observed-glob.js';
export {
  isYamlMap,
  isYamlScalar,
  isYamlSeq,
  type ParsedYaml,
  parseYaml,
  type YamlNode,
  type YamlProblem,
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
  positionAt,
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
export {
  globSideFiles,
  patternLeavesFolder,
  readSideFile,
  SIDE_FILE_LIMIT,
  type SideFile,
  type SideFileOptions,
  type SideFileRefusal,
  type SideGlob,
} from './side-file.js';
export { sideFilesTrusted, withSideFileTrust } from './side-file-read.js';
export { END_OF_TEXT, START_OF_TEXT } from './text-anchors.js';
export { toolRestrictionLoss } from './tool-restriction-loss.js';
export { type ShallowShape, shallowShape, topLevelKeys } from './top-level-keys.js';
export { encodeYamlSnapshot } from './yaml-snapshot.js';
export { yamlSpan } from './yaml-span.js';
export { useYamlStore, YAML_SNAPSHOT_FORMAT, type YamlStore } from './yaml-store.js';
export { toYaml, yamlDoubleQuoted, yamlScalar } from './yaml-text.js';
