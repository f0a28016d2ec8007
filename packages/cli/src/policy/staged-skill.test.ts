import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';

// The agent gets the skill as its users install it: not the eval files the run loaded, the expected outputs,
// fixtures and scripts that grade it. A case's fixtures still reach its workspace, where the case puts them.

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-staged-skill-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const write = (files: Record<string, string>) => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
};

/** An evals.json case whose answer is the list of files the agent can see (a deterministic check, no judge). */
const EVALS = JSON.stringify({
  evals: [
    {
      id: 1,
      prompt: 'list',
      files: ['fixtures/data.csv'],
      assertions: [{ type: 'contains', value: 'SKILL.md' }],
    },
  ],
});

/** An AgentV suite beside SKILL.md: an eval file at the skill's root, loaded by the same run. */
const AGENTV = 'tests:\n  - id: two\n    input: list\n    assert:\n      - type: contains\n        value: SKILL.md\n';

describe('what the agent can see of the skill under test', () => {
  it('the skill without its evals folder, the loaded eval files and their fixtures; the fixture where the case puts it', async () => {
    write({
      'skill/SKILL.md': '---\nname: demo\ndescription: Demo skill.\n---\nBody\n',
      'skill/scripts/helper.sh': 'echo help\n',
      'skill/references/guide.md': 'guide\n',
      'skill/evals/evals.json': EVALS,
      'skill/evals/fake-model.json': '{}',
      'skill/evals/expected/answer.md': 'the answer\n',
      'skill/greet.eval.yaml': AGENTV,
      'skill/fixtures/data.csv': 'a,b\n',
    });
    const io = captureIO(dir, { PATH: process.env.PATH });
    const code = await main(
      ['run', 'skill', '-e', 'command', '--ek', 'command=find . -type f', '--no-cache', '-q', '-o', 'out'],
      io,
    );
    expect(io.err()).not.toMatch(/: error: /);
    expect(code).toBe(0);
    const seen = readFileSync(join(dir, 'out', 'results.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { caseId: string; session: { finalMessage: string } })
      .map((r) => [
        r.caseId,
        r.session.finalMessage
          .split('\n')
          .filter((f) => !f.includes('/.skill-eval-'))
          .sort(),
      ]);
    const skill = [
      './.agents/skills/demo/SKILL.md',
      './.agents/skills/demo/references/guide.md',
      './.agents/skills/demo/scripts/helper.sh',
    ];
    expect(Object.fromEntries(seen)).toEqual({
      '1': ['./fixtures/data.csv', ...skill].sort(),
      two: skill,
    });
  }, 60_000);
});
