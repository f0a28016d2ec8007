export { assertTurns } from './assert-turns.js';
export { type CliExecution, type CliProgram, CliProgramEngine } from './cli-program-engine.js';
export { findExecutable } from './find-executable.js';
export { createLineSplitter, type LineSplitter } from './line-splitter.js';
export { type ModelPrice, modelPrice, priceUsage } from './pricing.js';
export { exitFailure, howItEnded, type ProgramInfo, processFailure } from './process-failure.js';
export {
  forgetProcessGroup,
  killLiveProcessGroups,
  killProcessGroup,
  trackProcessGroup,
} from './process-groups.js';
export { prestartLaunchers } from './process-launcher.js';
export { OWNER_LABELS, ownerGone, ownerLabels, RUN_LABEL } from './process-owner.js';
export { newReapMark, REAP_MARK_VARIABLE, reapLiveMarksSync, reapMarked } from './process-reaper.js';
export { readVersion } from './read-version.js';
export { resolveBinary } from './resolve-binary.js';
export { type CliTurn, type CliTurnsOptions, type LineParser, runCliTurns } from './run-cli-turns.js';
export {
  type GroupProcessOptions,
  type GroupProcessResult,
  MAX_LINE_LENGTH,
  runGroupProcess,
} from './run-group-process.js';
export { failRun, failureFromError, INTERRUPTED, type RunFailure, type RunRecord } from './run-record.js';
export { newSessionRecord, type SessionRecord, toSession } from './session-record.js';
export { commaList, wordList } from './settings-lists.js';
export { skillNameFromInput, skillNameFromPath } from './skill-names.js';
export { toolEnvironmentFailure } from './tool-environment-failure.js';
export { openTranscript, type TranscriptFile } from './transcript-file.js';
export { versionProbe } from './version-probe.js';
