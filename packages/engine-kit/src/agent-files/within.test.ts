import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { within } from './index.js';

/** What `within` answered before it had a shortcut: the relative path from the root, normalised. */
const byRelativePath = (path: string, root: string): boolean => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('../') && rel !== '..' && !rel.startsWith('/'));
};

describe.runIf(process.platform !== 'win32')('within', () => {
  const roots = ['/', '/run', '/run/', '/run/out', '/run/.hidden', '/run/../run'];
  const paths = [
    '/',
    '/run',
    '/run/',
    '/runner',
    '/run/out/transcripts/e.json',
    '/run/../etc/passwd',
    '/run/./out',
    '/run/.hidden/x',
    '/run/..',
    '/run/out/../../etc',
    '/etc/run/out',
    '/run/out/..hidden',
  ];
  it('answers as the relative path between them does, for resolved and unresolved paths alike', () => {
    for (const root of roots)
      for (const path of paths)
        expect([root, path, within(path, root)]).toEqual([root, path, byRelativePath(path, root)]);
  });
});
