import { dirname, join, relative, resolve } from 'node:path';
import { observedExists } from '@skill-eval/core';
import { GRADER_KINDS } from './agentv4-kept.js';

/** The extensions AgentV 4 finds an assertion script by (`discoverAssertions`, @agentv/core 4.42.4 dist/chunk-FRDEARJA.js:14818). */
const EXTENSIONS = ['ts', 'js', 'mts', 'mjs'];

/**
 * The script of an AgentV 4 custom assertion type, if it has one. A type that is no grader kind of AgentV 4's
 * (`isGraderKind`, :18192; the kinds in agentv4-kept.ts) is kept by its loader as a custom type (:18211-18234), and
 * graded by the script `.agentv/assertions/<type>.{ts,js,mts,mjs}` found in the eval file's folder or a folder above
 * it, the nearest first, which it runs as a code grader with `bun run <file>` (`discoverAssertions`, :14817-14853).
 * AgentV looks up to the file system's root; skill-eval looks no further than the project (format-kit
 * `projectBoundary`), out of which an eval file does not reach without --trust.
 */
export function agentv4AssertionScript(type: string, evalDir: string, projectRoot: string): string | undefined {
  // The deprecated judge types are skipped before any custom type is looked for (:18186-18191).
  if (GRADER_KINDS.has(type) || type === 'llm-judge' || type === 'code-judge') return undefined;
  for (let dir = resolve(evalDir); ; dir = dirname(dir)) {
    for (const ext of EXTENSIONS) {
      const file = join(dir, '.agentv', 'assertions', `${type}.${ext}`);
      if (observedExists(file)) return file;
    }
    if (dirname(dir) === dir || relative(projectRoot, dir) === '' || relative(projectRoot, dir).startsWith('..'))
      return undefined;
  }
}
