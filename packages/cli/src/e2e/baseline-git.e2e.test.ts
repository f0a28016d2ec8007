import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@skill-eval/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { gitIn } from '../test-support/git-repo.js';
import { greeterCaseYaml, greeterEvalYaml } from '../test-support/greeter-suite.js';
import { readResults, readSummary } from '../test-support/run-output.js';
import { writeFiles } from '../test-support/write-files.js';

const skill = (how: string) => `---\nname: greeter\ndescription: Greets ${how}.\n---\nGreet ${how}.\n`;

describe('skill-eval run --baseline git:<ref>: the skill against itself at a ref (real git, anthropic engine)', () => {
  let server: FakeModelServer;
  let dir: string;
  const git = gitIn(() => dir);

  beforeAll(async () => {
    // The skill's listing is in the system prompt: the old skill gets a polite answer, the new one a pirate's.
    server = await startFakeModelServer({
      conversations: [
        {
          id: 'old',
          match: { system: 'Greets politely' },
          responses: [{ text: 'Good day.' }],
          whenExhausted: 'repeat-last',
        },
        {
          id: 'new',
          match: { system: 'Greets like a pirate' },
          responses: [{ text: 'Ahoy!' }],
          whenExhausted: 'repeat-last',
        },
      ],
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-baseline-git-'));
    writeFiles(dir, {
      'greeter/SKILL.md': skill('politely'),
      'greeter/evals/eval.yaml': greeterEvalYaml(['ahoy']),
      'greeter/evals/cases/ahoy.yaml': greeterCaseYaml('ahoy', 'Greet the crew'),
    });
    git('init', '-q', '-b', 'main');
    git('add', '.');
    git('commit', '-q', '-m', 'polite greeter');
    return () => rmSync(dir, { recursive: true, force: true });
  });

  async function run(...args: string[]) {
    const io = captureIO(dir, {
      PATH: process.env.PATH,
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'test-key',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
    });
    const code = await main(['run', 'greeter', '-e', 'anthropic', '--no-cache', '--out', 'out', ...args], io);
    return { code, stderr: io.err() };
  }

  it('stages the skill as it was at the ref as the baseline, and leaves the repository as it was', async () => {
    writeFileSync(join(dir, 'greeter/SKILL.md'), skill('like a pirate'));
    const before = git('status', '--porcelain');
    const { code, stderr } = await run('--baseline', 'git:HEAD');
    // The old skill's case fails, so the run does.
    expect(code, stderr).toBe(1);
    expect(stderr).toMatch(/Baseline: greeter as it was at HEAD \([0-9a-f]{12}\)\./);
    const byVariant = Object.fromEntries(readResults(join(dir, 'out')).map((r) => [r.variant, r.status]));
    expect(byVariant).toEqual({ with_skill: 'passed', baseline: 'failed' });
    expect(readSummary(join(dir, 'out')).benchmark).toMatchObject({
      against: 'baseline',
      overall: { delta: { passRate: 1 } },
    });
    // Only the run's own folder is new: the index, the working tree and HEAD are as they were.
    expect(git('status', '--porcelain')).toBe(`${before}\n?? out/`);
  });

  it('says a skill new since the ref has nothing to compare with', async () => {
    git('commit', '-q', '--allow-empty', '-m', 'empty');
    writeFiles(dir, {
      'fresh/SKILL.md': skill('freshly'),
      'fresh/evals/eval.yaml': greeterEvalYaml(['ahoy']),
      'fresh/evals/cases/ahoy.yaml': greeterCaseYaml('ahoy', 'Hi'),
    });
    const io = captureIO(dir, { PATH: process.env.PATH, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'k' });
    const code = await main(['run', 'fresh', '-e', 'anthropic', '--out', 'out', '--baseline', 'git:HEAD'], io);
    expect(code).toBe(2);
    expect(io.err()).toContain('--baseline git:HEAD: the skill greeter had no fresh/SKILL.md at HEAD.');
    expect(io.err()).toContain('use --benchmark');
  });

  it.each([
    ['an unknown ref', 'git:no-such-ref', '--baseline git:no-such-ref:'],
    ['an option-looking ref', 'git:--output=x', 'that is not a git ref'],
  ])('stops on %s before anything runs', async (_, baseline, message) => {
    const { code, stderr } = await run(`--baseline=${baseline}`);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
