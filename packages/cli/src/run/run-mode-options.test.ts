import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { writeDemoEvals, writeDemoSkill } from '../test-support/demo-skill.js';
import { parseRunMode } from './run-mode-options.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-run-mode-'));
  mkdirSync(join(dir, 'old'), { recursive: true });
  writeFileSync(join(dir, 'old', 'SKILL.md'), '---\nname: demo-v1\n---\nOld body\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('parseRunMode', () => {
  it('--benchmark runs with and without the skill; --baseline with the older skill instead', () => {
    expect(parseRunMode({ benchmark: true }, dir)).toEqual({ variants: ['with_skill', 'without_skill'] });
    expect(parseRunMode({ baseline: 'old' }, dir)).toEqual({
      variants: ['with_skill', 'baseline'],
      baselineSkill: { name: 'demo-v1', dir: join(dir, 'old') },
    });
    // Nothing chosen: each suite decides (skill-up benchmark.enabled).
    expect(parseRunMode({}, dir)).toEqual({});
  });

  it('runs three arms with --benchmark and --baseline together: the skill, its older version, no skill', () => {
    mkdirSync(join(dir, 'old'), { recursive: true });
    writeFileSync(join(dir, 'old', 'SKILL.md'), '---\nname: old\ndescription: d\n---\n');
    expect(parseRunMode({ benchmark: true, baseline: 'old' }, dir).variants).toEqual([
      'with_skill',
      'baseline',
      'without_skill',
    ]);
    expect(parseRunMode({ baseline: 'git:main' }, dir)).toEqual({
      variants: ['with_skill', 'baseline'],
      baselineGitRef: 'main',
    });
  });

  it('reads --runs and --retries as whole numbers', () => {
    expect(parseRunMode({ runs: '5', retries: '0' }, dir)).toEqual({ runs: 5, retries: 0 });
  });

  it.each([
    [{ runs: '0' }, "--runs expects a whole number from 1 to 1000, got '0'."],
    [{ runs: '2.5' }, "--runs expects a whole number from 1 to 1000, got '2.5'."],
    [{ retries: '11' }, "--retries expects a whole number from 0 to 10, got '11'."],
    [{ baseline: 'missing' }, `--baseline missing: ${join('DIR', 'missing')} holds no SKILL.md.`],
  ])('refuses %o', (flags, message) => {
    expect(() => parseRunMode(flags, dir)).toThrow(message.replace('DIR', dir));
  });
});

describe('skill-eval run with bad mode flags', () => {
  it('exits 2 before anything runs, with a hint', async () => {
    writeDemoSkill(dir);
    writeDemoEvals(dir);
    const io = captureIO(dir);
    expect(await main(['run', 'skill', '--baseline', 'no-such-old', '--out', 'out'], io)).toBe(2);
    expect(io.err()).toContain('--baseline no-such-old:');
    expect(io.err()).toContain('holds no SKILL.md.');
    expect(await main(['run', 'skill', '--runs', 'many', '--out', 'out'], io)).toBe(2);
    expect(io.err()).toContain("--runs expects a whole number from 1 to 1000, got 'many'.");
  });
});

describe('skill-eval run --replay of a directory without recordings', () => {
  it('says so first, before looking for the engine (a missing claude binary is not the problem here)', async () => {
    writeDemoSkill(dir);
    writeDemoEvals(dir);
    mkdirSync(join(dir, 'not-recorded'));
    const io = captureIO(dir);
    const args = ['run', 'skill', '-e', 'claude-code', '--ek', 'path=./no-such-claude', '--replay', 'not-recorded'];
    expect(await main([...args, '--out', 'out'], io)).toBe(2);
    expect(io.err()).toContain(`${join(dir, 'not-recorded')} holds no recordings, so it cannot be replayed.`);
    expect(io.err()).not.toContain('binary');
  });
});
