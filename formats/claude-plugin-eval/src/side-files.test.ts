import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseCase, type Suite } from '@skill-eval/core';
import { withSideFileTrust } from '@skill-eval/format-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadClaudePluginEval } from './load-claude-plugin-eval.js';
import { writeClaudePluginEval } from './write-claude-plugin-eval.js';

// The files of a case (prompt.md, graders/*.md) are read through format-kit's readSideFile: a link out of the case's
// project is refused before it is read (--trust lifts it), and a FIFO is refused at once.

let tmp: string;
let caseDir: string;
const SECRET = 'outside-secret-9a2e';
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(tmp, path)), { recursive: true });
  writeFileSync(join(tmp, path), text);
};
const errors = (diagnostics: { severity: string; ruleId: string; file: string; line?: number }[]) =>
  diagnostics.filter((d) => d.severity === 'error').map((d) => [d.ruleId, d.file.slice(tmp.length + 1), d.line]);

beforeEach(() => {
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'cpe-side-')));
  caseDir = join(tmp, 'plugin', 'evals', '01-x');
  write('secret.txt', `${SECRET}\n`);
  write('plugin/SKILL.md', '---\nname: s\ndescription: d\n---\nbody\n');
  write('plugin/evals/01-x/graders/a.md', '---\ntype: regex\npattern: hi\n---\n');
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe.runIf(process.platform !== 'win32')('side files of a claude plugin eval case', () => {
  it('a prompt.md linking out of the project is refused and never read; --trust reads it', () => {
    symlinkSync(join(tmp, 'secret.txt'), join(caseDir, 'prompt.md'));
    const file = join(caseDir, 'prompt.md');
    const { suites, diagnostics } = loadClaudePluginEval(file);
    expect(JSON.stringify(suites)).not.toContain(SECRET);
    expect(errors(diagnostics)).toEqual([['claude-plugin-eval/outside-project', 'plugin/evals/01-x/prompt.md', 1]]);
    expect(diagnostics[0]!.needsTrust).toBe(true);
    const trusted = withSideFileTrust(true, () => loadClaudePluginEval(file));
    expect(trusted.suites[0]!.cases[0]!.turns).toEqual([SECRET]);
  });

  it('a grader linking out of the project is refused and never read', () => {
    write('plugin/evals/01-x/prompt.md', 'Say hi\n');
    symlinkSync(join(tmp, 'secret.txt'), join(caseDir, 'graders', 'b.md'));
    const { suites, diagnostics } = loadClaudePluginEval(join(caseDir, 'prompt.md'));
    expect(JSON.stringify({ suites, diagnostics })).not.toContain(SECRET);
    expect(errors(diagnostics)).toEqual([['claude-plugin-eval/outside-project', 'plugin/evals/01-x/graders/b.md', 1]]);
  });

  it('a FIFO as a grader is refused at once, --trust or not', () => {
    write('plugin/evals/01-x/prompt.md', 'Say hi\n');
    execFileSync('mkfifo', [join(caseDir, 'graders', 'b.md')]);
    const { diagnostics } = withSideFileTrust(true, () => loadClaudePluginEval(join(caseDir, 'prompt.md')));
    expect(errors(diagnostics)).toEqual([['claude-plugin-eval/unreadable-file', 'plugin/evals/01-x/graders/b.md', 1]]);
    expect(diagnostics.find((d) => d.severity === 'error')!.message).toContain('not a regular file');
  });
});

describe.runIf(process.platform !== 'win32')('convert --to claude-plugin-eval', () => {
  const suiteWith = (setup: string): Suite => ({
    id: 's',
    name: 's',
    file: join(tmp, 'plugin', 'evals', 'x.yaml'),
    format: 'skillet',
    cases: [
      parseCase({
        id: 'c',
        name: 'c',
        kind: 'task',
        turns: ['hi'],
        checks: [{ type: 'contains', value: 'hi' }],
        workspace: { setup: [setup] },
        source: { file: join(tmp, 'plugin', 'evals', 'x.yaml'), format: 'skillet' },
      }),
    ],
    settings: {},
  });

  it('never copies a file out of the source project into the output; writes the command instead', () => {
    for (const target of [join(tmp, 'secret.txt'), '/dev/zero']) {
      const setup = `bash '${target}'`;
      const written = withSideFileTrust(true, () => writeClaudePluginEval(suiteWith(setup)));
      const scaffold = written.files.find((f) => f.path.endsWith('scaffold.sh'))!;
      expect(scaffold.text).toBe(`#!/usr/bin/env bash\nset -e\n${setup}\n`);
      expect(JSON.stringify(written)).not.toContain(SECRET);
    }
  });

  it('inlines a script of the project as before', () => {
    write('plugin/evals/setup.sh', 'echo ready\n');
    const written = writeClaudePluginEval(suiteWith(`bash '${join(tmp, 'plugin/evals/setup.sh')}'`));
    expect(written.files.find((f) => f.path.endsWith('scaffold.sh'))!.text).toBe('echo ready\n');
  });
});
