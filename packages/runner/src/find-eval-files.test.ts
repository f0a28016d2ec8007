import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Format } from '@skill-eval/core';
import { makeGitRepository } from '@skill-eval/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { findEvalFiles } from './find-eval-files.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'find-eval-files-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const format: Format = {
  id: 'fake',
  filePatterns: ['evals.json', '*.eval.yaml'],
  detect: () => 1,
  load: () => ({ suites: [], diagnostics: [] }),
};

describe.runIf(process.platform !== 'win32')('findEvalFiles', () => {
  it('skips, with a warning naming the link, a scanned eval file that links out of its project', async () => {
    const project = join(root, 'project');
    makeGitRepository(project);
    mkdirSync(join(project, 'evals'), { recursive: true });
    mkdirSync(join(root, 'outside'));
    writeFileSync(join(root, 'outside', 'evals.json'), '{"evals": []}');
    writeFileSync(join(project, 'evals', 'own.eval.yaml'), 'tests: []\n');
    symlinkSync(join(root, 'outside', 'evals.json'), join(project, 'evals', 'evals.json'));
    symlinkSync(join(project, 'evals', 'own.eval.yaml'), join(project, 'evals', 'alias.eval.yaml'));
    const found = await findEvalFiles(['.'], { cwd: project, formats: async () => [format] });
    expect([...found.candidates.keys()].sort()).toEqual([
      join(project, 'evals', 'alias.eval.yaml'), // a link inside the project is read
      join(project, 'evals', 'own.eval.yaml'),
    ]);
    expect(found.diagnostics).toEqual([
      {
        severity: 'warning',
        ruleId: 'discovery/link-outside-project',
        file: join(project, 'evals', 'evals.json'),
        message: expect.stringContaining(join(root, 'outside', 'evals.json')),
      },
    ]);
    // Named directly, it is the user's choice and read.
    const named = await findEvalFiles(['evals/evals.json'], { cwd: project, formats: async () => [format] });
    expect([...named.candidates.keys()]).toEqual([join(project, 'evals', 'evals.json')]);
  });
});
