import { constants } from 'node:buffer';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CaseResultSchema } from './result.js';
import { resultLinesOf } from './result-lines.js';
import { readRunResults } from './run-results.js';
import { tempFolder } from './test-support/temp-folder.js';

/** The smallest result the schema accepts (a data fixture), as execution `executionId` with `status`. */
const minimal: unknown = JSON.parse(readFileSync(new URL('./fixtures/case-result.json', import.meta.url), 'utf8'));
const result = (executionId: string, status: 'passed' | 'failed') =>
  CaseResultSchema.parse({
    ...(minimal as object),
    executionId,
    caseId: executionId,
    caseName: executionId,
    status,
    score: status === 'passed' ? 1 : 0,
  });

const tempDir = () => tempFolder('result-lines-');
const fileOf = (text: string) => {
  const file = join(tempDir(), 'results.jsonl');
  writeFileSync(file, text);
  return file;
};

describe('readRunResults', () => {
  it('reads every result line in order and counts the lines that are not results', async () => {
    const a = result('a', 'failed');
    const b = result('b', 'passed');
    const text = [
      JSON.stringify(a),
      '',
      'not json',
      JSON.stringify({ executionId: 'x' }),
      `${JSON.stringify(b)}\r`,
      '   ',
      JSON.stringify(a).slice(0, 20),
    ].join('\n');
    expect(await readRunResults(dirname(fileOf(text)))).toEqual({ results: [a, b], damagedLines: 3 });
    expect(await readRunResults(dirname(fileOf('')))).toEqual({ results: [], damagedLines: 0 });
  });

  it("reads an older run's plain-string warnings as typed ones: an engine's session's as engine, the result's own as workspace", async () => {
    const old = {
      ...result('old', 'failed'),
      session: { status: 'completed', engineId: 'codex', warnings: ['codex has no turn limit'] },
      warnings: ['Teardown command "exit 5" exited with status 5.'],
    };
    const typed = { kind: 'skill', message: 'The case names no skill to stage; it runs without one.' };
    const current = { ...result('new', 'passed'), warnings: [typed] };
    const read = await readRunResults(dirname(fileOf(`${JSON.stringify(old)}\n${JSON.stringify(current)}\n`)));
    expect(read?.damagedLines).toBe(0);
    expect(read?.results.map((r) => [r.session?.warnings, r.warnings])).toEqual([
      [
        [{ kind: 'engine', message: 'codex has no turn limit' }],
        [{ kind: 'workspace', message: 'Teardown command "exit 5" exited with status 5.' }],
      ],
      [undefined, [typed]],
    ]);
  });

  it('is undefined when there is no file, and a BAD_INPUT error naming a path that cannot be read', async () => {
    const file = fileOf('');
    expect(await readRunResults(join(file, '..', 'absent'))).toBeUndefined();
    expect(await readRunResults(join(file, 'below-a-file'))).toBeUndefined();
    mkdirSync(join(file, '..', 'folder', 'results.jsonl'), { recursive: true });
    await expect(readRunResults(join(file, '..', 'folder'))).rejects.toMatchObject({
      code: 'BAD_INPUT',
      // A folder opens (O_RDONLY) but is refused as no regular file before anything is read from it.
      message: expect.stringMatching(/results\.jsonl cannot be read: .*is not a regular file/),
    });
  });

  it('keeps characters whole that the file is read across', async () => {
    // Lines of 1.5 MB of two- and three-byte characters: reads of 1 MiB end inside a character.
    const results = ['a', 'b', 'c'].map((id, i) => ({
      ...result(id, 'passed'),
      caseName: `${'.'.repeat(i)}${'é€'.repeat(300_000)}`,
    }));
    const read = await readRunResults(dirname(fileOf(results.map((r) => `${JSON.stringify(r)}\n`).join(''))));
    expect(read).toEqual({ results, damagedLines: 0 });
  });

  it('reads a file larger than the longest string Node can hold', async () => {
    const dir = tempDir();
    const file = join(dir, 'results.jsonl');
    // Each line carries 8 MiB in a field results do not have (the schema drops it), so the file passes the string
    // limit while the results stay small.
    const padding = Buffer.alloc(8 << 20, 'x');
    const count = Math.ceil(constants.MAX_STRING_LENGTH / padding.length) + 1;
    const fd = openSync(file, 'w');
    for (let i = 0; i < count; i++) {
      writeSync(fd, '{"padding":"');
      writeSync(fd, padding);
      writeSync(fd, `",${JSON.stringify(result(`e${i}`, 'passed')).slice(1)}\n`);
    }
    closeSync(fd);
    const read = await readRunResults(dir);
    expect(read?.damagedLines).toBe(0);
    expect(read?.results.map((r) => r.executionId)).toEqual(Array.from({ length: count }, (_, i) => `e${i}`));
  }, 60_000);
});

describe('resultLinesOf', () => {
  it('gives each non-blank line with its text, and stops reading when the reader stops', async () => {
    const a = result('a', 'failed');
    const file = fileOf(`${JSON.stringify(a)}\n\nbroken\n${JSON.stringify(a)}\n`);
    const lines: { text: string; ok: boolean }[] = [];
    for await (const line of resultLinesOf(file)) {
      lines.push({ text: line.text, ok: line.result !== undefined });
      if (lines.length === 2) break;
    }
    expect(lines).toEqual([
      { text: JSON.stringify(a), ok: true },
      { text: 'broken', ok: false },
    ]);
  });

  it('tells a last line cut off before its newline from the complete ones', async () => {
    const a = result('a', 'passed');
    const lines = [];
    for await (const { complete, result } of resultLinesOf(fileOf(`${JSON.stringify(a)}\n${JSON.stringify(a)}`))) {
      lines.push({ complete, result });
    }
    expect(lines).toEqual([
      { complete: true, result: a },
      { complete: false, result: a },
    ]);
  });
});
