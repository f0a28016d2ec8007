import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { type Case, type EngineRunInput, executionTempDir } from '@skill-eval/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { completed, type Script, sleep } from './test-support/fake-engine.js';
import { makeCase, tempDir, writeTree } from './test-support/fixtures.js';
import { type RunOneOptions, runOne } from './test-support/run-one.js';

/** Running (a killed process waiting to be reaped, a zombie, counts as gone). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
  return !/^\d+ \(.*\) Z/.test(stat);
};

describe('execution workspace: setup, teardown and artifacts', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let marks: string;
  let skillDir: string;
  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
    marks = join(dir, 'marks');
    skillDir = join(dir, 'skill');
    await writeTree(dir, { 'marks/.keep': '', 'skill/SKILL.md': '---\nname: demo\n---\nSay done.' });
  });
  afterEach(() => cleanup());

  const run = (testCase: Case, options: Omit<RunOneOptions, 'env'>) =>
    runOne(dir, testCase, {
      ...options,
      env: { PATH: process.env.PATH, SKILL_EVAL_MARKS: marks, NOT_ALLOWED: 'leak' },
    });

  const skills = () => [{ name: 'demo', dir: skillDir }];

  it('runs setup in the workspace with the fresh HOME and the allowlisted env, then teardown; logs go to artifacts', async () => {
    const testCase = makeCase({
      id: 'ok',
      skills: skills(),
      checks: [{ type: 'file-exists', value: 'prepared.txt' }],
      workspace: {
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell default, not a template
        setup: ['echo "$HOME|${NOT_ALLOWED:-unset}" > prepared.txt', 'echo setup says hi'],
        teardown: ['cat prepared.txt > "$SKILL_EVAL_MARKS/teardown-saw"; echo teardown says bye'],
      },
    });
    let seen: EngineRunInput | undefined;
    const { result, artifacts } = await run(testCase, {
      script: async (input) => {
        seen = input;
        return completed(await readFile(join(input.workspace, 'prepared.txt'), 'utf8'));
      },
    });
    expect(result.status).toBe('passed');
    const [home, leaked] = readFileSync(join(marks, 'teardown-saw'), 'utf8').trim().split('|');
    expect(home).toBe(seen!.home);
    expect(home).not.toBe(homedir());
    expect(leaked).toBe('unset');
    expect(await readFile(join(artifacts, 'setup.log'), 'utf8')).toMatch(/\$ echo setup says hi\nsetup says hi\n/);
    expect(await readFile(join(artifacts, 'teardown.log'), 'utf8')).toMatch(/teardown says bye/);
    expect(result.session?.warnings.map((w) => w.message).join(' ')).not.toMatch(/does not run/);
  });

  it('gives setup, the engine and teardown the execution’s own TMPDIR, not the machine’s, gone with the execution', async () => {
    const machineTemp = join(dir, 'machine-tmp');
    mkdirSync(machineTemp);
    const testCase = makeCase({
      id: 'temp',
      skills: skills(),
      checks: [{ type: 'contains', value: 'done' }],
      workspace: {
        setup: ['echo "$TMPDIR" > "$SKILL_EVAL_MARKS/setup-saw"; touch "$TMPDIR/from-setup"'],
        teardown: ['echo "$TMPDIR" > "$SKILL_EVAL_MARKS/teardown-saw"; ls "$TMPDIR" > "$SKILL_EVAL_MARKS/teardown-ls"'],
      },
    });
    let seen: EngineRunInput | undefined;
    const { result } = await runOne(dir, testCase, {
      env: { PATH: process.env.PATH, SKILL_EVAL_MARKS: marks, TMPDIR: machineTemp },
      script: async (input) => {
        seen = input;
        await writeFile(join(input.env.TMPDIR!, 'from-engine'), 'x');
        return completed('done');
      },
    });
    expect(result.status).toBe('passed');
    const temp = executionTempDir(seen!.home);
    expect(seen!.env.TMPDIR).toBe(temp);
    expect(readFileSync(join(marks, 'setup-saw'), 'utf8').trim()).toBe(temp);
    expect(readFileSync(join(marks, 'teardown-saw'), 'utf8').trim()).toBe(temp);
    expect(readFileSync(join(marks, 'teardown-ls'), 'utf8').split('\n').filter(Boolean)).toEqual([
      'from-engine',
      'from-setup',
    ]);
    expect(await readdir(machineTemp)).toEqual([]);
    expect(existsSync(temp)).toBe(false);
  });

  it('a failing setup makes the case an error, the engine never runs, and teardown still runs', async () => {
    const testCase = makeCase({
      id: 'bad-setup',
      skills: skills(),
      checks: [{ type: 'contains', value: 'done' }],
      workspace: { setup: ['echo broken >&2; exit 3'], teardown: ['touch "$SKILL_EVAL_MARKS/teardown-ran"'] },
    });
    const { result, stats, artifacts } = await run(testCase, {});
    expect(result.status).toBe('error');
    expect(result.error?.code).toBe('SETUP_FAILED');
    expect(result.error?.message).toMatch(/exited with status 3/);
    expect(stats.inputs).toHaveLength(0);
    expect(existsSync(join(marks, 'teardown-ran'))).toBe(true);
    expect(await readFile(join(artifacts, 'setup.log'), 'utf8')).toMatch(/broken/);
  });

  it('a teardown that fails after a failed setup is named in the warnings of the result, which has no session', async () => {
    const testCase = makeCase({
      id: 'bad-setup-and-teardown',
      skills: skills(),
      checks: [{ type: 'contains', value: 'done' }],
      workspace: { setup: ['exit 4'], teardown: ['exit 5'], artifacts: ['../outside'] },
    });
    const { result } = await run(testCase, {});
    expect(result.error?.code).toBe('SETUP_FAILED');
    expect(result.session).toBeUndefined();
    expect(result.warnings).toEqual([
      { kind: 'artifacts', message: expect.stringContaining('"../outside" is not collected') },
      { kind: 'workspace', message: 'Teardown command "exit 5" exited with status 5.' },
    ]);
  });

  it('a skill not staged is still said when the setup then fails, in the warnings of the result', async () => {
    await writeTree(dir, { 'empty-skill/notes.md': 'no SKILL.md here' });
    const testCase = makeCase({
      id: 'unstaged-then-bad-setup',
      skills: [...skills(), { name: 'empty', dir: join(dir, 'empty-skill') }],
      checks: [{ type: 'contains', value: 'done' }],
      workspace: { setup: ['exit 4'] },
    });
    const { result } = await run(testCase, {});
    expect(result.error?.code).toBe('SETUP_FAILED');
    expect(result.warnings).toEqual([
      { kind: 'skill', message: `Skill empty not staged: ${join(dir, 'empty-skill')} holds no SKILL.md.` },
    ]);
  });

  it('a setup past the execution’s time limit (-t) is killed with its whole process group; teardown still runs', async () => {
    const testCase = makeCase({
      id: 'slow-setup',
      skills: skills(),
      checks: [{ type: 'contains', value: 'done' }],
      workspace: {
        setup: ['sleep 60 & echo $! > "$SKILL_EVAL_MARKS/child"; wait'],
        teardown: ['touch "$SKILL_EVAL_MARKS/teardown-ran"'],
      },
    });
    const started = Date.now();
    const { result, stats } = await run(testCase, { timeoutSeconds: 2 });
    expect(result.error?.code).toBe('SETUP_FAILED');
    expect(result.error?.message).toContain("ran past the execution's time limit (-t 2 s)");
    expect(Date.now() - started).toBeLessThan(9000);
    expect(stats.inputs).toHaveLength(0);
    expect(existsSync(join(marks, 'teardown-ran'))).toBe(true);
    const child = Number(readFileSync(join(marks, 'child'), 'utf8'));
    for (let i = 0; i < 100 && alive(child); i++) await sleep(50);
    expect(alive(child)).toBe(false);
  }, 20_000);

  it('without --trust a case with setup or teardown is an error naming --trust; nothing runs', async () => {
    const testCase = makeCase({
      id: 'untrusted',
      skills: skills(),
      workspace: { teardown: ['touch "$SKILL_EVAL_MARKS/teardown-ran"'] },
    });
    const { result, stats } = await run(testCase, { trust: false });
    expect(result.status).toBe('error');
    expect(result.error?.message).toMatch(/--trust/);
    expect(stats.inputs).toHaveLength(0);
    expect(existsSync(join(marks, 'teardown-ran'))).toBe(false);
  });

  it('without --trust a case with a code check (in a group, by any name) is an error before its agent runs', async () => {
    const testCase = makeCase({
      id: 'untrusted-check',
      skills: skills(),
      checks: [
        { type: 'contains', value: 'done' },
        { type: 'assert-set', checks: [{ type: 'code-grader', value: 'touch "$SKILL_EVAL_MARKS/graded"' }] },
      ],
    });
    const { result, stats } = await run(testCase, { trust: false });
    expect(result).toMatchObject({ status: 'error', error: { code: 'BAD_INPUT' } });
    expect(result.error?.message).toMatch(/code-grader checks.*--trust/);
    expect(stats.inputs).toHaveLength(0);
  });

  it('collects artifacts on a failure and on an engine error, never from .git, never through symlinks', async () => {
    await writeTree(dir, { 'outside/secret.txt': 'secret' });
    const artifactCase = (id: string) =>
      makeCase({
        id,
        skills: skills(),
        checks: [{ type: 'contains', value: 'done' }],
        workspace: { artifacts: ['**/*.txt', 'report/**', '.git/**'], git: { init: true, remotes: [] } },
      });
    const writeOutputs: Script = async (input) => {
      await writeTree(input.workspace, { 'report/summary.md': '# sum', 'out/a.txt': 'a', 'skip.log': 'no' });
      await writeFile(join(input.workspace, '.git', 'notes.txt'), 'git internals');
      const { symlink } = await import('node:fs/promises');
      await symlink(join(dir, 'outside'), join(input.workspace, 'linked'));
      return input.turns[0] === 'do failed'
        ? completed('nope')
        : { ...completed(''), status: 'error', error: { code: 'ENGINE_FAILED', message: 'crash' } };
    };
    for (const id of ['failed', 'errored']) {
      const { result, artifacts } = await run(artifactCase(id), { script: writeOutputs });
      expect(result.status).toBe(id === 'failed' ? 'failed' : 'error');
      const collected = join(artifacts, 'collected');
      expect((await readdir(collected, { recursive: true })).sort()).toEqual([
        'out',
        'out/a.txt',
        'report',
        'report/summary.md',
      ]);
      expect(result.workspace?.collected).toEqual([
        `artifacts/${result.executionId}/collected/out/a.txt`,
        `artifacts/${result.executionId}/collected/report/summary.md`,
      ]);
    }
  });
});

describe('execution workspace: what git and the agent CLI would run by themselves', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
  });
  afterEach(() => cleanup());

  /** A fixture repository made by git: `main` with a.txt, and `feature` adding `extra` files. */
  const fixtureRepo = (config: string[][], extra: Record<string, string>) => {
    const repo = join(dir, 'repo');
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
        env: { PATH: process.env.PATH, GIT_CONFIG_GLOBAL: '/dev/null' },
      });
    mkdirSync(repo);
    execFileSync('git', ['init', '-q', '-b', 'main', repo]);
    writeFileSync(join(repo, 'a.txt'), 'a\n');
    git('add', '-A');
    git('commit', '-qm', 'main');
    git('switch', '-qc', 'feature');
    for (const [path, content] of Object.entries(extra)) {
      mkdirSync(dirname(join(repo, path)), { recursive: true });
      writeFileSync(join(repo, path), content);
    }
    git('add', '-A');
    git('commit', '-qm', 'feature');
    git('switch', '-q', 'main');
    for (const [key, value] of config) git('config', key!, value!);
    return makeCase({ id: 'repo', workspace: { files: [{ from: repo, to: '.' }], git: { checkout: 'feature' } } });
  };

  it("never lets a fixture repository's filter run without --trust; with it, git runs it (so this can fail)", async () => {
    const canary = join(dir, 'smudged');
    const testCase = fixtureRepo([['filter.evil.smudge', `sh -c 'touch ${canary}; cat'`]], {
      '.gitattributes': '* filter=evil\n',
      'b.txt': 'b\n',
    });
    const refused = await runOne(dir, testCase, { trust: false });
    expect(refused.stats.inputs).toHaveLength(0);
    expect(refused.result.error).toMatchObject({ code: 'UNTRUSTED' });
    expect(refused.result.error!.message).toContain('.git/config sets filter.evil.smudge, which runs a program');
    expect(existsSync(canary)).toBe(false);
    const trusted = await runOne(dir, testCase, { trust: true });
    expect(trusted.stats.inputs).toHaveLength(1);
    expect(existsSync(canary)).toBe(true);
  });

  it('stops before the agent when a checked-out branch brings agent settings the fixture did not show', async () => {
    const testCase = fixtureRepo([], { '.claude/settings.json': '{"hooks": {"SessionStart": []}}' });
    const refused = await runOne(dir, testCase, { trust: false });
    expect(refused.stats.inputs).toHaveLength(0);
    expect(refused.result.error).toMatchObject({ code: 'UNTRUSTED' });
    expect(refused.result.error!.message).toContain('.claude/settings.json:1 sets hooks, which claude acts on');
    expect((await runOne(dir, testCase, { trust: true })).stats.inputs).toHaveLength(1);
  });
});
