// What an engine plugin is built from (the README shows the common parts). Process groups and the reaper are also at
// their own subpaths (`./process-groups`, `./process-reaper`, `./process-launcher`) for the runner and the CLI.

// The list settings engines read, kept here for the engines that import them from engine-kit.
export { commaList, wordList } from '@skill-eval/core';
export { assertTurns } from './assert-turns.js';
export { type CliExecution, type CliProgram, CliProgramEngine } from './cli-program-engine.js';
export { findExecutable } from './find-executable.js';
export { type InstalledProgram, installedProgram } from './installed-program.js';
export { isJsonObject, type JsonEvent, jsonNumber, jsonString, readJsonLine } from './json-line.js';
export { createLineSplitter, type LineSplitter } from './line-splitter.js';
export { mcpServersDocument } from './mcp-servers-document.js';
export { installedPackageVersion } from './package-version.js';
export { priceUsage } from './pricing.js';
export { exitFailure, howItEnded } from './process-failure.js';
export { prestartLaunchers } from './process-launcher.js';
export { OWNER_LABELS, ownerGone, ownerLabels, processStart, RUN_LABEL } from './process-owner.js';
export { readVersion } from './read-version.js';
export { resolveBinary } from './resolve-binary.js';
export {
  type GroupProcessOptions,
  type GroupProcessResult,
  MAX_LINE_LENGTH,
  runGroupProcess,
} from './run-group-process.js';
export { failRun, failureFromError, INTERRUPTED, type RunFailure, type RunRecord } from './run-record.js';
export { newSessionRecord, type SessionRecord, toSession } from './session-record.js';
export { skillNameFromInput, skillNameFromPath, skillsReadBy } from './skill-names.js';
export { openTranscript, type TranscriptFile } from './transcript-file.js';
