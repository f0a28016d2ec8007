import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { realOrResolved } from './real-or-resolved.js';

const root = mkdtempSync(join(tmpdir(), 'format-kit-real-')); // itself reached through a link on some systems
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** What the system's own lookup says: the real path where there is one, else the path resolved as written. */
function systemAnswer(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return resolve(path);
  }
}

describe('realOrResolved', () => {
  it('answers every kind of path as the system lookup does', () => {
    const project = join(root, 'project');
    mkdirSync(join(project, 'cases'), { recursive: true });
    writeFileSync(join(project, 'cases', 'a.yaml'), 'x: 1\n');
    writeFileSync(join(root, 'secret.yaml'), 'x: 1\n');
    symlinkSync(join(root, 'secret.yaml'), join(project, 'cases', 'link.yaml'));
    symlinkSync(join(project, 'cases'), join(root, 'cases-link'));
    symlinkSync(join(root, 'nowhere'), join(project, 'cases', 'dangling.yaml'));
    const paths = [
      join(project, 'cases', 'a.yaml'),
      join(project, 'cases', 'missing.yaml'),
      join(project, 'no-folder', 'missing.yaml'),
      join(project, 'cases', 'a.yaml', 'below-a-file.yaml'),
      join(project, 'cases', 'link.yaml'),
      join(project, 'cases', 'dangling.yaml'),
      join(root, 'cases-link', 'a.yaml'),
      join(root, 'cases-link', '..', 'secret.yaml'),
      `${join(project, 'cases')}/`,
      `${project}/./cases/a.yaml`,
      join(project, 'cases'),
      'relative/missing.yaml',
      '/',
    ];
    for (const path of paths) expect(realOrResolved(path), path).toBe(systemAnswer(path));
  });

  it('looks a folder up again once the event loop turned', async () => {
    const folder = join(root, 'moving');
    mkdirSync(join(root, 'first'));
    writeFileSync(join(root, 'first', 'a.yaml'), 'x: 1\n');
    mkdirSync(join(root, 'second'));
    writeFileSync(join(root, 'second', 'a.yaml'), 'x: 2\n');
    symlinkSync(join(root, 'first'), folder);
    expect(realOrResolved(join(folder, 'a.yaml'))).toBe(join(realpathSync(root), 'first', 'a.yaml'));
    await nextTurn();
    rmSync(folder);
    symlinkSync(join(root, 'second'), folder);
    expect(realOrResolved(join(folder, 'a.yaml'))).toBe(join(realpathSync(root), 'second', 'a.yaml'));
    renameSync(join(root, 'second'), join(root, 'gone'));
    await nextTurn();
    expect(existsSync(join(folder, 'a.yaml'))).toBe(false);
    expect(realOrResolved(join(folder, 'a.yaml'))).toBe(join(folder, 'a.yaml'));
  });
});
