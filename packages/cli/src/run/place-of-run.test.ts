import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SkillEvalError } from '@skill-eval/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { placeOfRun } from './place-of-run.js';

describe('placeOfRun', () => {
  let root: string;
  let project: string;
  const hint = 'Do this instead.';

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'place-of-run-'));
    project = join(root, 'project');
    mkdirSync(join(project, 'pirate', 'evals'), { recursive: true });
    writeFileSync(join(project, 'pirate', 'evals', 'evals.json'), '{"evals": []}');
    mkdirSync(join(project, 'runs', 'recorded'), { recursive: true });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** What run.json holds of a run started in `project` on `pirate` and one absolute path, written to runs/recorded. */
  const recorded = () => ({
    cwd: project,
    paths: ['pirate', join(project, 'pirate', 'evals', 'evals.json')],
    runDir: join(project, 'runs', 'recorded'),
  });

  it('plans a run where it was started when its run directory has not moved', () => {
    expect(placeOfRun(recorded(), join(project, 'runs', 'recorded'), hint)).toEqual({
      cwd: project,
      paths: ['pirate', join(project, 'pirate', 'evals', 'evals.json')],
    });
  });

  it('plans it in the copy of the project its run directory moved with, paths inside the project moved too', () => {
    const checkout = join(root, 'ci', 'checkout');
    cpSync(project, checkout, { recursive: true });
    rmSync(project, { recursive: true });
    expect(placeOfRun(recorded(), join(checkout, 'runs', 'recorded'), hint)).toEqual({
      cwd: checkout,
      paths: ['pirate', join(checkout, 'pirate', 'evals', 'evals.json')],
    });
  });

  it('keeps the recorded place for a run directory copied away from its project', () => {
    const alone = join(root, 'elsewhere', 'recorded');
    cpSync(join(project, 'runs', 'recorded'), alone, { recursive: true });
    expect(placeOfRun(recorded(), alone, hint).cwd).toBe(project);
    // A run.json written before the run directory was kept is planned where it was started, as before.
    const { runDir: _runDir, ...older } = recorded();
    expect(placeOfRun(older, alone, hint).cwd).toBe(project);
  });

  it('says what to do when neither the recorded place nor a copy of it is here', () => {
    const alone = join(root, 'elsewhere', 'recorded');
    cpSync(join(project, 'runs', 'recorded'), alone, { recursive: true });
    rmSync(project, { recursive: true });
    let error: unknown;
    try {
      placeOfRun(recorded(), alone, hint);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SkillEvalError);
    const { message, hint: given } = error as SkillEvalError;
    expect(message).toContain(join(alone, 'run.json'));
    expect(message).toContain(`started in ${project}, which is not on this machine`);
    expect(message).toContain('pirate');
    expect(given).toBe(hint);
  });
});
