import { existsSync } from 'node:fs';
import { readdir, readFile, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Case, EngineRunInput } from '@skill-eval/core';
import { readCorpus } from '@skill-eval/testing/corpus';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { completed } from './test-support/fake-engine.js';
import { makeCase, useTempDir, writeTree } from './test-support/fixtures.js';
import { runOne } from './test-support/run-one.js';

const BRIEF = 'evals/bmm-skills/bmad-product-brief';

/** Everything in the workspace (relative path → content), `.git` left out, read while the engine runs. */
async function snapshot(ws: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const rel of await readdir(ws, { recursive: true })) {
    if (rel.split('/')[0] === '.git') continue;
    const text = await readFile(join(ws, rel), 'utf8').catch(() => undefined);
    if (text !== undefined) out[rel] = text;
  }
  return out;
}

/** Runs the case, answering "done", and returns the result with the workspace as the engine saw it. */
async function runSeen(dir: string, testCase: Case) {
  let seen: Record<string, string> = {};
  const { result } = await runOne(dir, testCase, {
    script: async (input: EngineRunInput) => {
      seen = await snapshot(input.workspace);
      return completed('done');
    },
  });
  return { result, seen };
}

describe('workspace layouts', () => {
  let dir = '';
  useTempDir(undefined, async (made) => {
    dir = made;
  });

  it('BMAD: base setup/ then the case setup/, then the skill (replacing an overlay copy), then files', async () => {
    // A BMAD project laid out as BMAD-METHOD's bmad-product-brief suite, with setup overlays added.
    const project = join(dir, 'bmad');
    const evalsDir = join(project, BRIEF);
    const evals = readCorpus(`bmad-evals-json/bmad-code-org-BMAD-METHOD/${BRIEF}/evals.json`);
    const first = JSON.parse(evals).evals[0] as { id: string; prompt: string };
    await writeTree(project, {
      [`${BRIEF}/evals.json`]: evals,
      [`${BRIEF}/setup/_bmad/config.yaml`]: 'user_name: base',
      [`${BRIEF}/setup/docs/input.md`]: 'from the base overlay',
      [`${BRIEF}/setup/.claude/skills/bmad-product-brief/SKILL.md`]: 'stale skill from an overlay',
      [`${BRIEF}/setup/.claude/skills/bmad-product-brief/leftover.md`]: 'must vanish',
      [`${BRIEF}/${first.id}/setup/_bmad/config.yaml`]: `user_name: ${first.id}`,
      'docs/input.md': 'the fixture named in files',
      'src/bmm-skills/bmad-product-brief/SKILL.md': '---\nname: bmad-product-brief\n---\nWrite a brief.',
    });
    const testCase = makeCase({
      id: first.id,
      turns: [first.prompt],
      skills: [{ name: 'bmad-product-brief', dir: join(project, 'src/bmm-skills/bmad-product-brief') }],
      checks: [{ type: 'contains', value: 'done' }],
      workspace: {
        overlays: [join(evalsDir, 'setup'), join(evalsDir, first.id, 'setup')],
        files: [{ from: join(project, 'docs/input.md'), to: 'docs/input.md' }],
      },
    });
    const { result, seen } = await runSeen(dir, testCase);
    expect(result.status).toBe('passed');
    expect(seen['_bmad/config.yaml']).toBe(`user_name: ${first.id}`);
    expect(seen['docs/input.md']).toBe('the fixture named in files');
    expect(seen['.claude/skills/bmad-product-brief/SKILL.md']).toMatch(/Write a brief/);
    expect(seen['.claude/skills/bmad-product-brief/leftover.md']).toBeUndefined();
    expect(seen['.agents/skills/bmad-product-brief/SKILL.md']).toMatch(/Write a brief/);
  });

  it('the skill under test always wins: a root fixture is laid around it, a fixture or inline file at its place not at all', async () => {
    await writeTree(dir, {
      'skill/SKILL.md': '---\nname: pirate\n---\nSay ahoy.',
      'repo/main.go': 'package main\n',
      'repo/.claude/skills/pirate/SKILL.md': 'stale copy in the repository',
      'repo/.claude/skills/pirate/old.md': 'must vanish',
      'extra.md': 'a fixture aimed at the skill',
    });
    const testCase = makeCase({
      id: 'wins',
      skills: [{ name: 'pirate', dir: join(dir, 'skill') }],
      checks: [{ type: 'contains', value: 'done' }],
      workspace: {
        files: [
          { from: join(dir, 'repo'), to: '.' },
          { from: join(dir, 'extra.md'), to: '.claude/skills/pirate/extra.md' },
        ],
        inline: { '.claude/skills/pirate/SKILL.md': 'an inline file aimed at the skill' },
      },
    });
    const { result, seen } = await runSeen(dir, testCase);
    expect(result.status).toBe('passed');
    expect(seen['main.go']).toBe('package main\n');
    expect(seen['.claude/skills/pirate/SKILL.md']).toMatch(/Say ahoy/);
    expect(seen['.claude/skills/pirate/old.md']).toBeUndefined();
    expect(seen['.claude/skills/pirate/extra.md']).toBeUndefined();
    expect(result.session?.warnings).toEqual(
      expect.arrayContaining([
        {
          kind: 'workspace',
          message:
            'Fixture .claude/skills/pirate/extra.md was not laid: it would replace part of the skill under test (.claude/skills/pirate).',
        },
        {
          kind: 'workspace',
          message:
            'Inline file .claude/skills/pirate/SKILL.md was not laid: it would replace part of the skill under test (.claude/skills/pirate).',
        },
      ]),
    );
  });

  it('skill-up git: repo_fixture, init, remotes, a new branch, inline files, then the diff over them', async () => {
    await writeTree(dir, {
      'skill/evals/fixtures/repos/sample/main.go': 'package main\n',
      'skill/evals/fixtures/change.diff': [
        'diff --git a/NOTES.md b/NOTES.md',
        '--- a/NOTES.md',
        '+++ b/NOTES.md',
        '@@ -1 +1,2 @@',
        ' inline notes',
        '+patched by the diff',
        '',
      ].join('\n'),
    });
    const testCase = makeCase({
      id: 'git',
      checks: [{ type: 'contains', value: 'done' }],
      workspace: {
        files: [{ from: join(dir, 'skill/evals/fixtures/repos/sample'), to: '.' }],
        inline: { 'NOTES.md': 'inline notes\n' },
        git: {
          init: true,
          checkout: 'feature/x',
          applyDiff: join(dir, 'skill/evals/fixtures/change.diff'),
          remotes: [{ name: 'origin', url: 'https://example.invalid/repo.git' }],
        },
      },
    });
    const facts: string[] = [];
    const { result } = await runOne(dir, testCase, {
      script: async (input) => {
        const git = (...args: string[]) => execa('git', args, { cwd: input.workspace }).then((r) => r.stdout);
        facts.push(await git('branch', '--show-current'), await git('remote', 'get-url', 'origin'));
        facts.push(await git('config', 'user.name'), await readFile(join(input.workspace, 'NOTES.md'), 'utf8'));
        facts.push(await readFile(join(input.workspace, 'main.go'), 'utf8'));
        return completed('done');
      },
    });
    expect(result.status).toBe('passed');
    expect(facts).toEqual([
      'feature/x',
      'https://example.invalid/repo.git',
      'skill-eval',
      'inline notes\npatched by the diff\n',
      'package main\n',
    ]);
  });

  it('git: a branch missing from a fixture repository with commits, or a diff that does not apply, is WORKSPACE_FAILED', async () => {
    const repo = join(dir, 'repo');
    await writeTree(repo, { 'a.txt': 'a\n', 'bad.diff': 'not a diff\n' });
    const git = (...args: string[]) => execa('git', args, { cwd: repo });
    await git('init', '-q');
    await git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '--allow-empty', '-m', 'c');
    for (const steps of [
      { init: false, checkout: 'no-such-branch', remotes: [] },
      { init: false, applyDiff: join(repo, 'bad.diff'), remotes: [] },
    ]) {
      const testCase = makeCase({ id: 'g', workspace: { files: [{ from: repo, to: '.' }], git: steps } });
      const { result, stats } = await runOne(dir, testCase);
      expect(result.error?.code).toBe('WORKSPACE_FAILED');
      expect(result.error?.message).toMatch(steps.checkout ? /no-such-branch does not exist/ : /git apply/);
      expect(stats.inputs).toHaveLength(0);
    }
  });

  it('refuses fixtures and overlays holding symlinks out of themselves, and inline files written through one', async () => {
    await writeTree(dir, { 'outside/secret.txt': 'secret', 'fixture/ok.txt': 'ok', 'overlay/ok.txt': 'ok' });
    await symlink(join(dir, 'outside'), join(dir, 'fixture', 'escape'));
    await symlink('../outside/secret.txt', join(dir, 'overlay', 'secret'));
    for (const workspace of [
      { files: [{ from: join(dir, 'fixture'), to: 'f' }] },
      { overlays: [join(dir, 'overlay')] },
      { files: [{ from: join(dir, 'outside/secret.txt'), to: '../escape.txt' }] },
    ]) {
      const { result, stats } = await runOne(dir, makeCase({ id: 'e', workspace }));
      expect(result.error?.code).toBe('WORKSPACE_FAILED');
      expect(result.error?.message).toMatch(/outside/);
      expect(stats.inputs).toHaveLength(0);
    }
    // A git checkout may bring a link out of the workspace; an inline file is not written through it.
    const repo = join(dir, 'repo');
    await writeTree(repo, { 'a.txt': 'a' });
    const git = (...args: string[]) =>
      execa('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: repo });
    await git('init', '-q', '-b', 'main');
    await git('add', '.');
    await git('commit', '-q', '-m', 'a');
    await git('switch', '-q', '-c', 'evil');
    await symlink(join(dir, 'outside'), join(repo, 'out'));
    await git('add', 'out');
    await git('commit', '-q', '-m', 'link');
    await git('switch', '-q', 'main');
    const testCase = makeCase({
      id: 'through-link',
      workspace: {
        files: [{ from: repo, to: '.' }],
        git: { init: false, checkout: 'evil', remotes: [] },
        inline: { 'out/pwned.txt': 'x' },
      },
    });
    const { result } = await runOne(dir, testCase);
    expect(result.error?.code).toBe('WORKSPACE_FAILED');
    expect(result.error?.message).toMatch(/through a symlink/);
    expect(existsSync(join(dir, 'outside/pwned.txt'))).toBe(false);
  });
});
