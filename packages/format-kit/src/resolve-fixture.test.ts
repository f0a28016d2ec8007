import { chownSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeGitRepository } from '@skill-eval/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { insideBoundary, isInsideBoundary, outsideProjectMessage, projectBoundary } from './resolve-fixture.js';

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

describe('projectBoundary', () => {
  it('is the nearest git work tree above the file, else the skill root, else its folder', () => {
    const top = join(root, 'boundary');
    const evals = join(top, 'repo', 'skill', 'evals');
    mkdirSync(evals, { recursive: true });
    // An empty .git folder (anyone may make /tmp/.git) and a .git file that points nowhere are no repository.
    mkdirSync(join(top, '.git'));
    writeFileSync(join(top, 'repo', '.git'), 'not a gitdir line\n');
    expect(projectBoundary(evals, join(top, 'repo', 'skill'))).toBe(join(top, 'repo', 'skill'));
    expect(projectBoundary(evals)).toBe(evals);
    // A reference out of it says which .git was not taken, and why.
    expect(outsideProjectMessage('../../x', join(top, 'x'), join(top, 'repo', 'skill'))).toContain(
      `outside this project (${join(top, 'repo', 'skill')}: ${join(top, 'repo', '.git')} is no git repository, so ${join(top, 'repo')} is not the project)`,
    );
    // A worktree's or submodule's .git file, and a .git folder holding HEAD, objects and refs, are.
    writeFileSync(join(top, 'repo', '.git'), 'gitdir: ../elsewhere/.git/worktrees/repo\n');
    expect(projectBoundary(evals)).toBe(join(top, 'repo'));
    rmSync(join(top, 'repo', '.git'));
    writeFileSync(join(top, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    mkdirSync(join(top, '.git', 'objects'));
    expect(projectBoundary(evals, join(top, 'repo', 'skill'))).toBe(join(top, 'repo', 'skill'));
    mkdirSync(join(top, '.git', 'refs'));
    expect(projectBoundary(evals, join(top, 'repo', 'skill'))).toBe(top);
    expect(outsideProjectMessage('../x', join(root, 'x'), top)).toContain(`outside this project (${top});`);
    // A repository inside a folder whose .git is none: the repository is the project, with nothing to explain.
    const inner = join(root, 'inner');
    makeGitRepository(inner);
    mkdirSync(join(root, '.git'), { recursive: true });
    expect(outsideProjectMessage('../x', join(root, 'x'), inner)).toContain(`outside this project (${inner});`);
    rmSync(join(root, '.git'), { recursive: true });
    // Another user's repository is none of this user's projects (git's safe.directory check). Only root can give a
    // file away; CI runs the tests as root.
    if (process.getuid?.() === 0) {
      chownSync(join(top, '.git'), 12345, 12345);
      expect(projectBoundary(evals, join(top, 'repo', 'skill'))).toBe(join(top, 'repo', 'skill'));
      expect(outsideProjectMessage('../../x', join(top, 'x'), join(top, 'repo', 'skill'))).toContain(
        `${join(top, '.git')} belongs to another user, so ${top} is not the project`,
      );
    }
  });
});
