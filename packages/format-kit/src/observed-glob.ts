import { defineQuestion } from '@skill-eval/core';
import { globSync } from 'tinyglobby';

/** The options of tinyglobby's `globSync` that loaders use. */
export interface GlobOptions {
  cwd?: string;
  absolute?: boolean;
  onlyFiles?: boolean;
  expandDirectories?: boolean;
  /** Whether a linked folder is walked into (tinyglobby's default: true). */
  followSymbolicLinks?: boolean;
}

const globAsked = defineQuestion(
  'glob',
  (pattern, options) => globSync(pattern!, JSON.parse(options!) as GlobOptions),
  (paths) => JSON.stringify(paths),
);

/**
 * tinyglobby's `globSync`, noted as a load's question (observed-reads.ts in core), the paths as it lists them. The
 * folder it starts from is part of the question (`cwd`, else the process's own).
 */
export function observedGlob(pattern: string, options: GlobOptions = {}): string[] {
  return globAsked(pattern, JSON.stringify({ ...options, cwd: options.cwd ?? process.cwd() }));
}
