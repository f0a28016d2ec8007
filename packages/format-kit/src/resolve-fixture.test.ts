import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { insideBoundary, isInsideBoundary } from './resolve-fixture.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'format-kit-boundary-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('insideBoundary', () => {
  it('answers for every path as isInsideBoundary does, following links and resolving missing paths', () => {
    const project = join(root, 'project');
    mkdirSync(join(project, 'evals', 'cases'), { recursive: true });
    writeFileSync(join(project, 'evals', 'cases', 'a.yaml'), 'input: {prompt: hi}\n');
    writeFileSync(join(root, 'secret.yaml'), 'x: 1\n');
    symlinkSync(join(root, 'secret.yaml'), join(project, 'evals', 'cases', 'link.yaml'));
    symlinkSync(join(project, 'evals'), join(root, 'evals-link'));
    const paths = {
      [join(project, 'evals', 'cases', 'a.yaml')]: true,
      [join(project, 'evals', 'cases', 'missing.yaml')]: true,
      [join(project, 'evals', 'cases', 'link.yaml')]: false, // a link out of the project
      [join(project, 'evals', '..', '..', 'secret.yaml')]: false,
      [join(root, 'evals-link', 'cases', 'a.yaml')]: true, // reached through a link from outside, but lies inside
      [join(root, 'project-other', 'x.yaml')]: false, // a sibling whose name starts with the project's
      [project]: true,
    };
    const inProject = insideBoundary(project);
    for (const [path, expected] of Object.entries(paths)) {
      expect(inProject(path), path).toBe(expected);
      expect(isInsideBoundary(path, project), path).toBe(expected);
    }
    // A boundary reached through a link is its real folder.
    expect(insideBoundary(join(root, 'evals-link'))(join(project, 'evals', 'cases', 'a.yaml'))).toBe(true);
  });
});
