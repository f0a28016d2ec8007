import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '@skill-eval/core';
import { makeGitRepository } from '@skill-eval/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../main.js';
import { captureIO } from '../../test-support/capture-io.js';

/**
 * Side files an eval file names or has beside it, planted by whoever wrote the project: links out of the project
 * (an eval file, prompt.md, a grader, PROMPT.md, AGENT.md), absolute and `..` references and globs, EVAL.md `skills:`
 * and `agent:` naming host folders, FIFOs, a combinatorial bomb of list vars, and a Skillet setup script `convert`
 * would copy. Without --trust nothing outside the project is read or printed, no command hangs, and the refusal names
 * the file and line and says that --trust allows it (where it does).
 */

/** The host file every case tries to get at. */
const SECRET = 'host-secret-e41f07';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'skill-eval-side-files-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface SideCase {
  name: string;
  /** Files of the project; `$OUTSIDE` is the folder beside it holding the host files. */
  files: Record<string, string>;
  /** Links in the project (path → target, `$OUTSIDE` filled). */
  links?: Record<string, string>;
  /** FIFOs in the project. */
  fifos?: string[];
  argv: string[];
  /** What the output must say (stdout and stderr together). */
  says: (string | RegExp)[];
  exit?: number;
}

let count = 0;

/** Runs the case in a fresh repository beside a folder of host files; fails on a hang (the test's own timeout). */
async function attempt(spec: SideCase) {
  const base = join(root, `case-${count++}`);
  const project = join(base, 'project');
  const outside = join(base, 'outside');
  makeGitRepository(project);
  const fill = (text: string) => text.replaceAll('$OUTSIDE', outside);
  mkdirSync(join(outside, 'skill', 'sub'), { recursive: true });
  writeFileSync(join(outside, 'secret.txt'), `${SECRET}\n`);
  writeFileSync(join(outside, 'AGENT.md'), `${SECRET}\n`);
  writeFileSync(join(outside, 'hosts.yml'), `input: {prompt: ${SECRET}}\nexpect: {exit_code: 0}\n`);
  writeFileSync(join(outside, 'skill', 'SKILL.md'), `---\nname: far\ndescription: ${SECRET}\n---\n${SECRET}\n`);
  writeFileSync(join(outside, 'skill', 'sub', 'id_rsa'), `${SECRET}\n`);
  writeFileSync(
    join(outside, 'evals.json'),
    JSON.stringify({ evals: [{ id: 1, prompt: SECRET, expected_output: 'x' }] }),
  );
  for (const [path, text] of Object.entries(spec.files)) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), fill(text));
  }
  for (const [path, target] of Object.entries(spec.links ?? {})) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    symlinkSync(fill(target), join(project, path));
  }
  for (const path of spec.fifos ?? []) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    execFileSync('mkfifo', [join(project, path)]);
  }
  const io = captureIO(project, { PATH: process.env.PATH, NO_COLOR: '1' });
  const code = await main(spec.argv.map(fill), io);
  // `list --json` prints its diagnostics as JSON: read as the lines `validate` prints, to hold both to one shape.
  const json = spec.argv.includes('--json') ? (JSON.parse(io.out()) as { diagnostics: Diagnostic[] }) : undefined;
  const lines = (json?.diagnostics ?? []).map((d) => `${d.file}:${d.line}:${d.column}: ${d.severity}: ${d.message}`);
  const said = [io.out(), io.err(), ...lines].join('\n');
  expect(said, 'the host file in the output').not.toContain(SECRET);
  for (const expected of spec.says) {
    if (typeof expected === 'string') expect(said).toContain(expected);
    else expect(said).toMatch(expected);
  }
  if (spec.exit !== undefined) expect(code).toBe(spec.exit);
  return { code, said, project };
}

const LIST = ['list', '--json', '--no-parse-cache'];
const VALIDATE = ['validate', '--no-parse-cache'];
const PLUGIN_SKILL = { 'plugin/SKILL.md': '---\nname: s\ndescription: d\n---\nbody\n' };

const cases: SideCase[] = [
  {
    name: '#2 a scanned evals.json that links out of the project is skipped, naming the link',
    files: {},
    links: { 'evals/evals.json': '$OUTSIDE/evals.json' },
    argv: [...LIST, 'evals'],
    says: ['evals.json', 'discovery/link-outside-project'],
  },
  {
    name: '#2 a claude plugin eval prompt.md linking out of the project',
    files: { ...PLUGIN_SKILL, 'plugin/evals/01-x/graders/a.md': '---\ntype: regex\npattern: hi\n---\n' },
    links: { 'plugin/evals/01-x/prompt.md': '$OUTSIDE/secret.txt' },
    argv: [...VALIDATE, 'plugin/evals/01-x/graders/a.md', 'plugin/evals/01-x/prompt.md'],
    says: [/prompt\.md:1:1: error: .*--trust/],
    exit: 2,
  },
  {
    name: '#2 a claude plugin eval grader linking out of the project',
    files: {
      ...PLUGIN_SKILL,
      'plugin/evals/01-x/prompt.md': 'Say hi\n',
      'plugin/evals/01-x/graders/a.md': '---\ntype: regex\npattern: hi\n---\n',
    },
    links: { 'plugin/evals/01-x/graders/b.md': '$OUTSIDE/secret.txt' },
    argv: [...LIST, 'plugin/evals/01-x/prompt.md'],
    says: [/b\.md:1:1: error: .*--trust/],
  },
  {
    name: '#2 an AgentV PROMPT.md linking out of the project',
    files: { 'evals/x.eval.yaml': 'name: x\ntests:\n  - id: t1\n    assert: [{type: contains, value: hi}]\n' },
    links: { 'evals/PROMPT.md': '$OUTSIDE/secret.txt' },
    argv: [...LIST, 'evals/x.eval.yaml'],
    says: [/x\.eval\.yaml:3:\d+: error: .*--trust/],
  },
  {
    name: '#2 an AGENT.md beside an EVAL.md linking out of the project',
    files: { 'EVAL.md': '## greets\n\n### Prompt\n\nSay hi\n\n### Expect\n\nA greeting.\n' },
    links: { 'AGENT.md': '$OUTSIDE/AGENT.md' },
    argv: [...LIST, 'EVAL.md'],
    says: [/EVAL\.md:1:1: error: .*--trust/],
  },
  {
    name: '#3 EVAL.md skills: naming a host folder is refused at its line, nothing staged',
    files: {
      'EVAL.md': '---\nskills: [$OUTSIDE/skill]\n---\n## greets\n\n### Prompt\n\nSay hi\n\n### Expect\n\nA greeting.\n',
    },
    argv: [...VALIDATE, 'EVAL.md'],
    says: [/EVAL\.md:2:1: error: .*outside this project.*--trust/],
    exit: 2,
  },
  {
    name: '#3 EVAL.md agent: naming a host folder by `..` is refused at its line',
    files: {
      'EVAL.md': '---\nagent: ../outside\n---\n## greets\n\n### Prompt\n\nSay hi\n\n### Expect\n\nA greeting.\n',
    },
    argv: [...LIST, 'EVAL.md'],
    says: [/EVAL\.md:2:1: error: .*--trust/],
  },
  {
    name: '#4/#9 an AgentV absolute file:// prompt is refused before it is read',
    files: {
      'evals/x.eval.yaml':
        'name: x\nprompts:\n  - file://$OUTSIDE/secret.txt\ntests:\n  - id: t1\n    vars: {a: 1}\n    assert: [{type: contains, value: hi}]\n',
    },
    argv: [...LIST, 'evals/x.eval.yaml'],
    says: [/x\.eval\.yaml:3:\d+: error: .*--trust/],
  },
  {
    name: '#4 skill-up cases.files naming a host file by `..` is refused before it is read',
    files: {
      'SKILL.md': '---\nname: s\ndescription: d\n---\nbody\n',
      'evals/eval.yaml':
        'schema_version: v1alpha1\nenvironment:\n  type: none\nengine:\n  name: claude_code\ncases:\n  files:\n    - ../outside/hosts.yml\n    - evals/in.yaml\n',
      'evals/in.yaml': 'input: {prompt: In}\nexpect: {exit_code: 0}\n',
    },
    argv: [...LIST, 'evals/eval.yaml'],
    says: [/eval\.yaml:8:\d+: error: .*--trust/],
  },
  {
    name: '#6 a FIFO as a promptfoo prompt file hangs nothing',
    files: { 'promptfooconfig.yaml': 'prompts:\n  - file://q.md\ntests:\n  - vars: {a: 1}\n' },
    fifos: ['q.md'],
    argv: [...VALIDATE, 'promptfooconfig.yaml'],
    says: [/promptfooconfig\.yaml:2:\d+: error: .*not a regular file/],
    exit: 2,
  },
  {
    name: '#6 a FIFO as a claude plugin eval grader hangs nothing',
    files: {
      ...PLUGIN_SKILL,
      'plugin/evals/01-x/prompt.md': 'Say hi\n',
      'plugin/evals/01-x/graders/a.md': '---\ntype: regex\npattern: hi\n---\n',
    },
    fifos: ['plugin/evals/01-x/graders/b.md'],
    argv: [...LIST, 'plugin/evals/01-x/prompt.md'],
    says: [/b\.md:1:1: error: .*not a regular file/],
  },
  {
    name: "a FIFO as the skill's SKILL.md hangs neither list nor validate",
    files: { 'evals/evals.json': '{"skill_name":"s","evals":[{"id":1,"prompt":"hi","expected_output":"hi"}]}' },
    fifos: ['SKILL.md'],
    argv: [...VALIDATE, '.'],
    says: [/SKILL\.md is not a regular file \(a FIFO, socket or device\): make it a regular file/],
    exit: 2,
  },
  {
    name: '#8 a promptfoo glob over the whole file system is refused before it walks',
    files: { 'promptfooconfig.yaml': 'prompts:\n  - file:///**/nonexist*.md\ntests:\n  - vars: {a: 1}\n' },
    argv: [...VALIDATE, 'promptfooconfig.yaml'],
    says: [/promptfooconfig\.yaml:2:\d+: error: .*--trust/],
    exit: 2,
  },
  {
    name: '#7 AgentV list vars making 10^8 tests are refused at the test, before any is built',
    files: {
      'evals/x.eval.yaml': `name: x\nprompts: ["hi {{ a }}"]\ntests:\n  - id: t1\n    vars:\n      a: &l [q0,q1,q2,q3,q4,q5,q6,q7,q8,q9]\n${'bcdefgh'
        .split('')
        .map((v) => `      ${v}: *l\n`)
        .join('')}    assert: [{type: contains, value: hi}]\n`,
    },
    argv: [...VALIDATE, 'evals/x.eval.yaml'],
    says: [/x\.eval\.yaml:\d+:\d+: error: .*10,000 tests per eval file/],
    exit: 2,
  },
];

describe.runIf(process.platform !== 'win32')('hostile side files of eval files', () => {
  it.each(cases.map((c) => [c.name, c] as const))(
    '%s',
    async (_, spec) => {
      await attempt(spec);
    },
    30_000,
  );

  it('#5 convert --to claude-plugin-eval copies no host file (nor /dev/zero) named by a Skillet setup', async () => {
    for (const target of ['$OUTSIDE/secret.txt', '/dev/zero']) {
      const { code, project } = await attempt({
        name: 'convert',
        files: {
          'skill/SKILL.md': '---\nname: x\ndescription: d\n---\nbody\n',
          'skill/evals/x/001-a.yaml': `timestamp: 2026-11-26T00:00:00Z\nname: a\nprompt: "hi"\nexpected: hello\nsetup: bash '${target}'\nassertions:\n  - type: contains\n    value: hello\n`,
        },
        argv: ['convert', 'skill/evals/x/001-a.yaml', '--to', 'claude-plugin-eval', '-o', 'out'],
        says: [],
      });
      expect(code).toBe(0);
      const scaffold = execFileSync('sh', ['-c', 'cat out/evals/*/scaffold.sh'], { cwd: project, encoding: 'utf8' });
      expect(scaffold).not.toContain(SECRET);
      expect(scaffold).toContain(`bash '`);
      expect(scaffold.length).toBeLessThan(1000);
    }
  }, 30_000);
});
