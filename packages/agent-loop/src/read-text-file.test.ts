import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTextFile } from './read-text-file.js';
import { tempWorkspace } from './testing/index.js';

let ws: Awaited<ReturnType<typeof tempWorkspace>>;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

describe('readTextFile', () => {
  it('returns a text file whole when it fits', async () => {
    await writeFile(join(ws.workspace, 'a.txt'), 'ahoy ⚓ 😀\n');
    expect(await readTextFile(join(ws.workspace, 'a.txt'), 'a.txt', 100)).toBe('ahoy ⚓ 😀\n');
  });

  it('shows the first characters of a longer file and says how big it is', async () => {
    await writeFile(join(ws.workspace, 'long.txt'), 'é'.repeat(50));
    const output = await readTextFile(join(ws.workspace, 'long.txt'), 'long.txt', 10);
    expect(output).toBe(`${'é'.repeat(10)}\n[truncated: long.txt has 100 bytes; Read shows its first 10 characters]`);
  });

  it('never ends on half a character, whether the bytes read or the characters shown stop inside it', async () => {
    // 4-byte characters, two UTF-16 units each: 3 bytes per character of the limit stop inside the third one.
    await writeFile(join(ws.workspace, 'emoji.txt'), '😀'.repeat(20));
    const output = await readTextFile(join(ws.workspace, 'emoji.txt'), 'emoji.txt', 5);
    expect(output.split('\n')[0]).toBe('😀'.repeat(2));
    expect(output).not.toContain('\uFFFD');
  });

  it('refuses a binary file by name and size instead of returning its bytes as text', async () => {
    await writeFile(
      join(ws.workspace, 'logo.png'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    );
    await expect(readTextFile(join(ws.workspace, 'logo.png'), 'logo.png', 100)).rejects.toThrow(
      'logo.png is a binary file (12 bytes); Read shows text files only.',
    );
  });
});
