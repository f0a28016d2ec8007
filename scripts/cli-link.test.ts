import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));
const { scripts } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const { version } = JSON.parse(readFileSync(join(repo, 'packages/cli/package.json'), 'utf8')) as { version: string };
const BUILD = 'turbo run build --filter=skill-eval';

describe('the skill-eval command from a clone (the README: pnpm cli:link)', () => {
  const prefix = mkdtempSync(join(tmpdir(), 'skill-eval-cli-link-'));
  afterAll(() => rmSync(prefix, { recursive: true, force: true }));

  it('is what the README tells a user to run before its Quick start', () => {
    const readme = readFileSync(join(repo, 'README.md'), 'utf8');
    const quickStart = readme.indexOf('## Quick start');
    expect(readme.indexOf('pnpm cli:link')).toBeGreaterThan(-1);
    expect(readme.indexOf('pnpm cli:link')).toBeLessThan(quickStart);
    expect(readme.slice(quickStart)).toMatch(/^skill-eval run /m);
  });

  it('puts a skill-eval on PATH that runs this clone from any folder', () => {
    // `pnpm test` has just built everything: the script's build step is skipped, the rest runs as the README's command
    // does, into a global folder of its own instead of the user's.
    const [build, ...link] = scripts['cli:link']!.split(' && ');
    expect(build).toBe(BUILD);
    execFileSync('sh', ['-c', link.join(' && ')], {
      cwd: repo,
      env: { ...process.env, npm_config_prefix: prefix, npm_config_offline: 'true' },
      stdio: 'pipe',
    });
    const bin = join(prefix, 'bin');
    expect(existsSync(join(bin, 'skill-eval'))).toBe(true);
    const elsewhere = mkdtempSync(join(prefix, 'project-'));
    const skillEval = (...args: string[]) =>
      execFileSync('skill-eval', args, {
        cwd: elsewhere,
        encoding: 'utf8',
        env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH}`, NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    expect(skillEval('--version').trim()).toBe(version);
    const listed = skillEval('list', join(repo, 'examples', 'word-count'));
    expect(listed).toContain('count-poem');
    expect(listed).toContain('1 suite(s), 1 case(s)');
  }, 120_000);
});
