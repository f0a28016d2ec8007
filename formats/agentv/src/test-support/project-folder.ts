import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { makeGitRepository } from '@skill-eval/testing';
import { afterEach, beforeEach } from 'vitest';
import { loadAgentv } from '../load-agentv.js';

/**
 * A fresh project folder per test (a `.git` marks its root, as AgentV finds it), with `write` to put a file in it,
 * `load` to write an AgentV file of `lines` and read it, `at` for a path in it, and `rules` to list diagnostics as
 * [severity, rule, line].
 */
export function useProjectFolder(prefix: string) {
  let dir = '';
  beforeEach(() => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
    makeGitRepository(dir);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  const load = (path: string, lines: string[]) => {
    write(path, lines.join('\n'));
    return loadAgentv(join(dir, path), readFileSync(join(dir, path), 'utf8'));
  };
  const rules = (diagnostics: { ruleId: string; severity: string; line?: number }[]) =>
    diagnostics.map((d) => [d.severity, d.ruleId.replace('agentv/', ''), d.line]);
  const at = (path: string) => join(dir, path);
  return { write, load, rules, at };
}
