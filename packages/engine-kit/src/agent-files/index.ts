// The file layer: every read or write of a path an agent could have touched goes through here (see docs/security.md,
// "The file layer"). No link is followed, one descriptor serves from check to use, only regular files are read, sizes
// are capped, and nothing is written where an agent could have placed a name.
export {
  appendInAgentFolderSync,
  recreateInAgentFolderSync,
  writeBelowAgentFolder,
  writeInAgentFolderSync,
} from './agent-folder-file.js';
export {
  type AtomicData,
  type AtomicWriteOptions,
  type SyncWriteOptions,
  type SyncWriter,
  writeHarnessFileAtomically,
  writeHarnessFileAtomicallySync,
  writeNewHarnessFileSync,
  writeWholeSync,
} from './atomic-harness-file.js';
export { type CopyOptions, copyAgentFile } from './copy-agent-file.js';
export { CopyBudget, type CopyLimits, DEFAULT_COPY_LIMITS } from './copy-budget.js';
export {
  createHarnessFile,
  createHarnessFileSync,
  makeFolders,
  makeFoldersSync,
  openHarnessFileForAppendSync,
  writeHarnessFile,
} from './harness-file.js';
export { type EntryKind, entryKind, type ListOptions, listAgentFiles } from './list-agent-files.js';
export { isRefusal, type OpenedFile, openInside, type Refusal, within } from './open-inside.js';
export {
  READ_LIMIT,
  type ReadFile,
  type ReadOptions,
  readAgentFile,
  readAgentText,
  readUntrustedText,
} from './read-agent-file.js';
export { replaceSecrets, secretPatterns } from './secret-replacer.js';
