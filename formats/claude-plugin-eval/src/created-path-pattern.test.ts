import { describe, expect, it } from 'vitest';
import { createdPathPattern, globOfCreatedPathPattern } from './created-path-pattern.js';

/*
 * Claude Code 2.1.330's file_exists, as its binary has it (`function jm` and `function xm(e,{cwdDiff:r})`), copied
 * here as the yardstick; the differential suite (files-list in claude-plugin-eval.e2e.test.ts) holds a few globs to
 * the binary itself.
 */
// Its `Mm=new Set(".+^${}()|[]\\")`, character by character.
const ESCAPED_BY_CLAUDE = new Set(['.', '+', '^', '$', '{', '}', '(', ')', '|', '[', ']', '\\']);
function claudeGlob(e: string): RegExp {
  let r = '^';
  for (let o = 0; o < e.length; o++) {
    const g = e.charAt(o);
    if (g === '*')
      if (e.charAt(o + 1) === '*')
        if (e.charAt(o + 2) === '/') {
          r += '(?:.*/)?';
          o += 2;
        } else {
          r += '.*';
          o++;
        }
      else r += '[^/]*';
    else if (g === '?') r += '.';
    else if (ESCAPED_BY_CLAUDE.has(g)) r += `\\${g}`;
    else r += g;
  }
  return new RegExp(`${r}$`);
}
const claudeFinds = (glob: string, created: string) =>
  created
    .split('\n')
    .filter((h) => h.trim())
    .some((h) => claudeGlob(glob).test(h.trim()));

const GLOBS = ['a.txt', '*.txt', '**/*.md', '**', '*', '?', 'notes/*', 'a?c', 'dir/**/x', '[a].txt', 'x+y', 'a b'];
const MORE_GLOBS = ['a*b', ' a', 'a\nb', '**/', 'a**b', '.', 'notes', '*/b.txt', '(x)|y', '?a', 'a?', '\\', '$^'];
const LISTS = ['', 'a.txt', 'notes/b.txt\nreport.md', ' a.txt ', 'x\n  \ny.txt', 'dir/x', 'dir/a/b/x', '[a].txt'];
const MORE_LISTS = ['x+y', 'a b', '  a', ' a', 'a\nb', 'abc\nadc', 'notes', 'notes/', 'a/b.txt\nc.txt', '(x)|y'];
const EDGE_LISTS = ['y', '\t', 'q\r', ' a\nb ', 'x a', 'a x', '\\', '$^', 'a\u00a0'];

describe('createdPathPattern: a file_exists glob as a regex over the list of created paths', () => {
  it("finds what Claude Code's file_exists finds, on every glob and list here", () => {
    const differing: string[] = [];
    for (const glob of [...GLOBS, ...MORE_GLOBS]) {
      const ours = new RegExp(createdPathPattern(glob), 'm');
      for (const list of [...LISTS, ...MORE_LISTS, ...EDGE_LISTS]) {
        if (ours.test(list) !== claudeFinds(glob, list))
          differing.push(`${JSON.stringify(glob)} on ${JSON.stringify(list)}`);
      }
    }
    expect(differing).toEqual([]);
  });

  it('gives back the glob of every pattern it made, and nothing for any other pattern', () => {
    for (const glob of [...GLOBS, ...MORE_GLOBS]) expect(globOfCreatedPathPattern(createdPathPattern(glob))).toBe(glob);
    expect(globOfCreatedPathPattern('^out\\.txt$')).toBeUndefined();
    expect(globOfCreatedPathPattern(createdPathPattern('a').replace('(?:a', '(?:\\d'))).toBeUndefined();
  });
});
