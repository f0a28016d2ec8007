import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/fixtures.js';
import { renderWorkspaceFiles } from './workspace-files.js';

function write(root: string, rel: string, content: string | Buffer) {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), content);
}

describe('renderWorkspaceFiles', () => {
  it('lists the agent files with content, skipping skill roots, .git and node_modules', async () => {
    const dir = tempDir();
    write(dir, 'src/app.ts', 'export const x = 1;');
    write(dir, 'README.md', 'hello');
    for (const skip of [
      '.claude/skills/s/SKILL.md',
      '.agents/a',
      '.qoder/q',
      '.git/HEAD',
      'node_modules/m/index.js',
      'sub/node_modules/n.js',
    ]) {
      write(dir, skip, 'hidden');
    }
    const text = await renderWorkspaceFiles(dir);
    expect(text).toContain('<file path="README.md">\nhello\n</file>');
    expect(text).toContain('<file path="src/app.ts">\nexport const x = 1;\n</file>');
    expect(text).not.toContain('hidden');
  });

  it('skips binary content and marks truncation', async () => {
    const dir = tempDir();
    write(dir, 'image.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]));
    write(dir, 'long.txt', 'a'.repeat(150));
    write(dir, 'huge.txt', 'b'.repeat(100_000));
    const text = await renderWorkspaceFiles(dir, { perFile: 100, total: 10_000, maxFiles: 10 });
    expect(text).toContain('[binary file, 6 bytes, content skipped]');
    expect(text).toContain(`${'a'.repeat(100)}[… truncated 50 chars]`);
    expect(text).toContain(`${'b'.repeat(100)}[… truncated: file is 100000 bytes]`);
  });

  it('stops adding content at the total limit and lists at most maxFiles', async () => {
    const dir = tempDir();
    for (let i = 0; i < 5; i++) write(dir, `f${i}.txt`, `${i}`.repeat(60));
    const text = await renderWorkspaceFiles(dir, { perFile: 100, total: 100, maxFiles: 4 });
    expect(text).toContain('0'.repeat(60));
    expect(text).toContain(`${'1'.repeat(40)}[… truncated 20 chars]`);
    expect(text).toContain('<file path="f2.txt">\n[content omitted: file limit reached]');
    expect(text).toContain('[… 1 more files not listed]');
  });

  it('says when the workspace has no files or cannot be read', async () => {
    expect(await renderWorkspaceFiles(tempDir())).toBe('(no files)');
    expect(await renderWorkspaceFiles(path.join(tempDir(), 'missing'))).toContain('workspace not readable');
  });
});
