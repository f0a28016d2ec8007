import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordedOptionsNeedTrust, refuseUntrustedRecordedOptions } from './recorded-options-trust.js';

const project = '/srv/skills-project';
const runDir = join(project, 'runs', 'recorded');
const here = { cwd: project, paths: ['skills'] };

/** The refusal `--replay` of a run.json recording these options and place would meet, without --trust. */
function refusal(recorded: Record<string, unknown>, place = here): string | undefined {
  try {
    refuseUntrustedRecordedOptions(recorded, runDir, '--replay', false, project, place);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('options a run.json records, read back by --resume and --replay', () => {
  it('never takes where the run is written from the file: skill-eval does not record --out', () => {
    expect(refusal({ out: '/home/someone/.config' })).toContain(
      "--out /home/someone/.config (cannot be set from a run's run.json)",
    );
    expect(refusal({ out: 'runs/again' })).toContain('--out runs/again');
  });

  it('copies no --baseline folder from outside the project into the workspace, and takes a git ref', () => {
    expect(refusal({ baseline: '/home/someone/secret-skill' })).toContain(
      '--baseline /home/someone/secret-skill (copies that folder into the agent’s workspace',
    );
    expect(refusal({ baseline: '../secret-skill' })).toContain('--baseline ../secret-skill');
    expect(refusal({ baseline: 'skills/greeter-v1' })).toBeUndefined();
    expect(refusal({ baseline: 'git:main' })).toBeUndefined();
  });

  it('reads no eval files outside the project, by paths, --evals or the working directory it records', () => {
    expect(refusal({}, { cwd: project, paths: ['/home/someone/evals'] })).toContain(
      'the path /home/someone/evals (reads the eval files there',
    );
    expect(refusal({ evals: '../other/evals.json' })).toContain('--evals ../other/evals.json');
    // The working directory is where side files stop being "inside the project" for the loaders.
    expect(refusal({}, { cwd: '/', paths: [join(project, 'skills')] })).toContain('the working directory /');
    expect(refusal({ evals: 'skills/greeter/evals' }, { cwd: join(project, 'skills'), paths: ['greeter'] })).toBe(
      undefined,
    );
  });

  it('follows a link the project holds: a path inside it that leads outside reads outside', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skill-eval-recorded-place-'));
    try {
      const [inside, outside] = [join(dir, 'project'), join(dir, 'elsewhere')];
      mkdirSync(join(inside, 'skills'), { recursive: true });
      mkdirSync(outside);
      symlinkSync(outside, join(inside, 'leak'));
      const refused = (recorded: Record<string, unknown>, paths: string[]) => {
        try {
          refuseUntrustedRecordedOptions(recorded, join(inside, 'run'), '--resume', false, inside, {
            cwd: inside,
            paths,
          });
          return undefined;
        } catch (error) {
          return (error as Error).message;
        }
      };
      expect(refused({}, ['leak'])).toContain('the path leak (reads the eval files there');
      expect(refused({}, ['leak/evals.json'])).toContain('the path leak/evals.json');
      expect(refused({ baseline: 'leak' }, ['skills'])).toContain('--baseline leak');
      expect(refused({}, ['skills', 'not-there-yet'])).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets --trust given now vouch for all of it', () => {
    expect(() =>
      refuseUntrustedRecordedOptions({ out: '/elsewhere', baseline: '/x' }, runDir, '--replay', true, project, {
        cwd: '/',
        paths: ['/etc'],
      }),
    ).not.toThrow();
  });

  it('is what the resume hint of an interrupted run asks --trust for', () => {
    expect(recordedOptionsNeedTrust({ baseline: '../v1' }, project, here)).toBe(true);
    expect(recordedOptionsNeedTrust({ baseline: 'v1' }, project, here)).toBe(false);
  });
});
