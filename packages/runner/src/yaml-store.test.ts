import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFolderYamlStore } from './yaml-store.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'yaml-store-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Every entry file under `dir` (not the mark of its last pruning). */
const entries = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name !== 'last-pruned')
    .map((e) => join(e.parentPath, e.name));

/** A store's folder holding one entry, for the text 'a: 1\n', and that entry's file. */
function oneEntry(): { dir: string; file: string } {
  const dir = join(tempDir(), 'yaml');
  const store = createFolderYamlStore(dir);
  store.put('a: 1\n', '{"snapshot":1}');
  store.flush();
  const [file] = entries(dir);
  return { dir, file: file! };
}

describe('createFolderYamlStore', () => {
  it('gives back, in a later store on the same folder, the snapshot kept for the very same text', () => {
    const dir = join(tempDir(), 'yaml');
    const first = createFolderYamlStore(dir);
    expect(first.get('a: 1\n')).toBeUndefined();
    first.put('a: 1\n', '{"snapshot":1}');
    first.put('b: 2\n', '{"snapshot":2}');
    expect(entries(tempDir())).toEqual([]);
    first.flush();
    expect(entries(dir)).toHaveLength(2);

    const second = createFolderYamlStore(dir);
    expect(second.get('a: 1\n')).toBe('{"snapshot":1}');
    expect(second.get('b: 2\n')).toBe('{"snapshot":2}');
    expect(second.get('a: 1\n ')).toBeUndefined();
  });

  it('uses no entry made for another text, even one under its key (a hash collision, or a file put there)', () => {
    const { dir, file } = oneEntry();
    // The entry of 'a: 1\n' rewritten to hold another text of the same length.
    writeFileSync(file, readFileSync(file, 'utf8').replace('a: 1\n', 'a: 2\n'));
    expect(createFolderYamlStore(dir).get('a: 1\n')).toBeUndefined();
    // Or a text of another length, or no header at all.
    writeFileSync(file, readFileSync(file, 'utf8').replace('\n5\n', '\n6\n'));
    expect(createFolderYamlStore(dir).get('a: 1\n')).toBeUndefined();
    writeFileSync(file, '{"snapshot":1}');
    expect(createFolderYamlStore(dir).get('a: 1\n')).toBeUndefined();
  });

  it('writes each entry whole, leaving no temporary file, and replaces an entry rather than writing through a link there', () => {
    const { dir, file } = oneEntry();
    const outside = join(tempDir(), 'outside.txt');
    writeFileSync(outside, 'untouched');
    rmSync(file);
    symlinkSync(outside, file);
    const again = createFolderYamlStore(dir);
    again.put('a: 1\n', '{"snapshot":1}');
    again.flush();
    expect(readFileSync(outside, 'utf8')).toBe('untouched');
    expect(entries(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(createFolderYamlStore(dir).get('a: 1\n')).toBe('{"snapshot":1}');
  });

  it('says nothing when a file stands where its folder would be', () => {
    const parent = tempDir();
    writeFileSync(join(parent, 'yaml'), 'a file');
    const store = createFolderYamlStore(join(parent, 'yaml'));
    expect(store.get('a: 1\n')).toBeUndefined();
    store.put('a: 1\n', '{}');
    expect(() => store.flush()).not.toThrow();
    expect(readFileSync(join(parent, 'yaml'), 'utf8')).toBe('a file');
  });

  it('made before its folder existed, it asks the file system nothing: every text is a miss', () => {
    const dir = join(tempDir(), 'yaml');
    const early = createFolderYamlStore(dir);
    mkdirSync(dir);
    const writer = createFolderYamlStore(dir);
    writer.put('a: 1\n', '{"snapshot":1}');
    writer.flush();
    expect(early.get('a: 1\n')).toBeUndefined();
    expect(createFolderYamlStore(dir).get('a: 1\n')).toBe('{"snapshot":1}');
  });
});
