import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { caseResult } from '../test-support/results.js';
import { writeSkillCreatorOutputs } from './write-skill-creator.js';

/** Every file below `dir`, as `/`-separated paths, links listed as links (never followed). */
const tree = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => !e.isDirectory())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();

describe('skill-creator outputs of a run directory someone else wrote', () => {
  let top: string | undefined;
  afterEach(() => {
    if (top) rmSync(top, { recursive: true, force: true });
    top = undefined;
  });

  /**
   * A downloaded run directory (`top/proj/a/b/run`) with a link to a folder outside it (`lnk` → `top/victim`), beside
   * a secret outside it (`top/outside-secret.txt`) and a file of the attacker's project (`top/proj/lnk/...`).
   */
  const plantedRun = () => {
    top = mkdtempSync(join(tmpdir(), 'skill-eval-sc-planted-'));
    const victim = join(top, 'victim');
    mkdirSync(victim);
    writeFileSync(join(victim, 'authorized_keys'), 'mine\n');
    writeFileSync(join(top, 'outside-secret.txt'), 'TOP SECRET\n');
    mkdirSync(join(top, 'proj', 'lnk'), { recursive: true });
    writeFileSync(join(top, 'proj', 'lnk', 'authorized_keys_x'), 'ssh-ed25519 AAAA attacker-key\n');
    const run = join(top, 'proj', 'a', 'b', 'run');
    mkdirSync(run, { recursive: true });
    symlinkSync(victim, join(run, 'lnk'));
    return { top, victim, run };
  };

  it('copies what artifacts/<execution>/collected/ holds, not the paths results.jsonl names', async () => {
    const { top, victim, run } = plantedRun();
    const collected = join(run, 'artifacts', 'x', 'collected');
    mkdirSync(join(collected, 'out'), { recursive: true });
    writeFileSync(join(collected, 'out', 'chart.txt'), 'bars');
    const r = caseResult({
      executionId: 'x',
      workspace: {
        collected: [
          // Read from the attacker's project, written through the run's link into the victim's folder.
          'artifacts/x/collected/../../../../../../lnk/authorized_keys_x',
          // Read from outside the run directory.
          '../../../../outside-secret.txt',
          `${top}/outside-secret.txt`,
          'artifacts/x/collected/out/chart.txt',
        ],
      },
    });
    await writeSkillCreatorOutputs(run, [r]);
    expect(readdirSync(victim)).toEqual(['authorized_keys']);
    const outputs = join(run, 'skill-creator', 'iteration-1', 'eval-1', 'with_skill', 'run-1', 'outputs');
    expect(tree(outputs)).toEqual(['out/chart.txt']);
    expect(readFileSync(join(outputs, 'out', 'chart.txt'), 'utf8')).toBe('bars');
    const written = tree(join(run, 'skill-creator')).map((f) => readFileSync(join(run, 'skill-creator', f), 'utf8'));
    expect(written.join('\n')).not.toMatch(/TOP SECRET|attacker-key/);
  });

  it('copies no link, FIFO or device out of collected/, and says what it left out', async () => {
    const { top, run } = plantedRun();
    const collected = join(run, 'artifacts', 'x', 'collected');
    mkdirSync(collected, { recursive: true });
    writeFileSync(join(collected, 'kept.txt'), 'kept');
    symlinkSync(join(top, 'outside-secret.txt'), join(collected, 'secret.txt'));
    symlinkSync(join(top, 'victim'), join(collected, 'folder'));
    symlinkSync('/dev/zero', join(collected, 'zero'));
    execFileSync('mkfifo', [join(collected, 'pipe')]);
    const warned: string[] = [];
    const r = caseResult({
      executionId: 'x',
      transcriptFile: 'lnk/authorized_keys',
      workspace: { collected: ['artifacts/x/collected/kept.txt', 'artifacts/x/collected/secret.txt'] },
    });
    await writeSkillCreatorOutputs(run, [r], { warn: (message) => warned.push(message) });
    const runOut = join(run, 'skill-creator', 'iteration-1', 'eval-1', 'with_skill', 'run-1');
    expect(tree(join(runOut, 'outputs'))).toEqual(['kept.txt']);
    expect(warned.sort()).toEqual([
      'artifacts/x/collected/folder was not copied: it is a symbolic link, which is never followed.',
      'artifacts/x/collected/pipe was not copied: it is not a regular file.',
      'artifacts/x/collected/secret.txt was not copied: it is a symbolic link, which is never followed.',
      'artifacts/x/collected/zero was not copied: it is a symbolic link, which is never followed.',
    ]);
    // The transcript's size is not taken through a link either.
    expect(JSON.parse(readFileSync(join(runOut, 'grading.json'), 'utf8')).execution_metrics.transcript_chars).toBe(0);
  });

  it('lists no collected/ folder that is a link', async () => {
    const { victim, run } = plantedRun();
    mkdirSync(join(run, 'artifacts', 'y'), { recursive: true });
    symlinkSync(victim, join(run, 'artifacts', 'y', 'collected'));
    const warned: string[] = [];
    const r = caseResult({ executionId: 'y', workspace: { collected: ['artifacts/y/collected/authorized_keys'] } });
    await writeSkillCreatorOutputs(run, [r], { warn: (message) => warned.push(message) });
    const outputs = join(run, 'skill-creator', 'iteration-1', 'eval-1', 'with_skill', 'run-1', 'outputs');
    expect(tree(outputs)).toEqual([]);
    expect(warned).toEqual(['artifacts/y/collected was not read: it is a symbolic link, which is never followed.']);
  });

  it('writes nothing through a link planted where its files go', async () => {
    const { victim, run } = plantedRun();
    // The layout replaced whole: the link is removed, the folder it pointed to left as it was.
    symlinkSync(victim, join(run, 'skill-creator'));
    await writeSkillCreatorOutputs(run, [caseResult({ executionId: 'x' })]);
    expect(readdirSync(victim)).toEqual(['authorized_keys']);
    expect(existsSync(join(run, 'skill-creator', 'iteration-1', 'benchmark.json'))).toBe(true);
    // benchmark.json alone is written into the layout that is there: a link on the way is refused.
    rmSync(join(run, 'skill-creator'), { recursive: true });
    mkdirSync(join(run, 'skill-creator'));
    symlinkSync(victim, join(run, 'skill-creator', 'iteration-1'));
    await expect(writeSkillCreatorOutputs(run, [caseResult({ executionId: 'x' })], { runs: false })).rejects.toThrow(
      /iteration-1 is a symbolic link/,
    );
    expect(readdirSync(victim)).toEqual(['authorized_keys']);
  });
});
