import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { makeGitRepository } from '@skill-eval/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadAgentv } from './load-agentv.js';

// Files an AgentV eval file names or has beside it (prompt files, PROMPT.md, tests files) are read through format-kit's
// readSideFile: nothing outside the project is read (nor named by a glob) without --trust, and a FIFO hangs nothing.

let tmp: string;
let project: string;
const SECRET = 'outside-secret-5d1c';
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(tmp, path)), { recursive: true });
  writeFileSync(join(tmp, path), text);
};
const load = (path: string) => loadAgentv(join(tmp, path), readFileSync(join(tmp, path), 'utf8'));
const rules = (diagnostics: { ruleId: string; severity: string; line?: number }[]) =>
  diagnostics.filter((d) => d.severity === 'error').map((d) => [d.ruleId, d.line]);

beforeEach(() => {
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'agentv-side-')));
  project = join(tmp, 'project');
  makeGitRepository(project);
  write('secret.txt', `${SECRET}\n`);
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe.runIf(process.platform !== 'win32')('side files of an AgentV eval file', () => {
  it('a PROMPT.md that links out of the project is refused, never the input', () => {
    symlinkSync(join(tmp, 'secret.txt'), join(project, 'PROMPT.md'));
    write('project/x.eval.yaml', 'name: x\ntests:\n  - id: t1\n    assert: [{type: contains, value: hi}]\n');
    const { suites, diagnostics } = load('project/x.eval.yaml');
    expect(JSON.stringify({ suites, diagnostics: diagnostics.map((d) => d.ruleId) })).not.toContain(SECRET);
    expect(rules(diagnostics)).toEqual([['agentv/outside-project', 3]]);
    expect(diagnostics.find((d) => d.ruleId === 'agentv/outside-project')?.message).toContain('--trust');
  });

  it('an absolute file:// prompt outside the project is refused before it is read', () => {
    write(
      'project/x.eval.yaml',
      `name: x\nprompts:\n  - file://${tmp}/secret.txt\ntests:\n  - id: t1\n    vars: {a: 1}\n    assert: [{type: contains, value: hi}]\n`,
    );
    const { suites, diagnostics } = load('project/x.eval.yaml');
    expect(JSON.stringify(suites)).not.toContain(SECRET);
    expect(rules(diagnostics)).toContainEqual(['agentv/outside-project', 3]);
  });

  it('a glob reaching out of the project is refused before anything is walked', () => {
    write('project/x.eval.yaml', `name: x\ntests: file://../**/*.yaml\n`);
    write('elsewhere/cases.yaml', '- {id: far, input: hi, criteria: ok}\n');
    const { suites, diagnostics } = load('project/x.eval.yaml');
    expect(suites.flatMap((s) => s.cases)).toEqual([]);
    expect(rules(diagnostics)).toContainEqual(['agentv/outside-project', 2]);
    expect(JSON.stringify(diagnostics)).not.toContain('elsewhere');
  });

  it('a FIFO as a tests file or PROMPT.md is refused at once', () => {
    execFileSync('mkfifo', [join(project, 'cases.yaml')]);
    execFileSync('mkfifo', [join(project, 'PROMPT.md')]);
    write('project/x.eval.yaml', 'name: x\ntests: file://cases.yaml\n');
    write('project/y.eval.yaml', 'name: y\ntests:\n  - id: t1\n    assert: [{type: contains, value: hi}]\n');
    expect(rules(load('project/x.eval.yaml').diagnostics)).toEqual([['agentv/unreadable-reference', 2]]);
    expect(rules(load('project/y.eval.yaml').diagnostics)).toEqual([['agentv/unreadable-reference', 3]]);
  });

  it('list vars whose product is over 10,000 tests are refused at the test, before any copy is made', () => {
    const lists = 'abcdefgh'
      .split('')
      .map((name, i) => (i === 0 ? `      ${name}: &l [q0,q1,q2,q3,q4,q5,q6,q7,q8,q9]` : `      ${name}: *l`))
      .join('\n');
    write(
      'project/x.eval.yaml',
      `name: x\nprompts: ["hi {{ a }}"]\ntests:\n  - id: t1\n    vars:\n${lists}\n    assert: [{type: contains, value: hi}]\n`,
    );
    const started = Date.now();
    const { suites, diagnostics } = load('project/x.eval.yaml');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(suites.flatMap((s) => s.cases)).toEqual([]);
    expect(rules(diagnostics)).toEqual([['agentv/too-many-cases', 6]]);
    expect(diagnostics.find((d) => d.ruleId === 'agentv/too-many-cases')?.message).toContain('100,000,000');
  });
});
