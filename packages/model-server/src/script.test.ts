import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFakeScript, mergeFakeScripts, parseFakeScript } from './script.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fake-script-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('fake scripts', () => {
  it('loads a JSON file and applies defaults', async () => {
    const file = join(dir, 'ok.json');
    await writeFile(file, JSON.stringify({ conversations: [{ id: 'a', responses: [{ text: 'x' }] }] }));
    const script = await loadFakeScript(file);
    expect(script.conversations[0]).toMatchObject({ id: 'a', whenExhausted: 'error' });
  });

  it('reports bad JSON and schema problems as BAD_INPUT naming the file and path', async () => {
    const bad = join(dir, 'bad.json');
    await writeFile(bad, '{ nope');
    await expect(loadFakeScript(bad)).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: expect.stringContaining('bad.json is not valid JSON'),
    });
    const typo = join(dir, 'typo.json');
    await writeFile(typo, JSON.stringify({ conversations: [{ id: 'a', responses: [{ toolcalls: [] }] }] }));
    await expect(loadFakeScript(typo)).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: expect.stringContaining('conversations.0.responses.0'),
    });
  });

  it('rejects contradictory responses', () => {
    expect(() => parseFakeScript({ fallback: { text: 'x', error: { status: 500 } } })).toThrow(
      /error cannot be combined/,
    );
    expect(() =>
      parseFakeScript({ fallback: { toolCalls: [{ name: 'apply_patch', custom: true, input: {} }] } }),
    ).toThrow(/custom tool call/);
  });

  it('merges scripts in order, the last fallback wins, duplicate ids fail', () => {
    const merged = mergeFakeScripts(
      { conversations: [{ id: 'a', responses: [{ text: '1' }] }], fallback: { text: 'first' } },
      { conversations: [{ id: 'b', responses: [{ text: '2' }] }], fallback: { text: 'second' } },
    );
    expect(merged.conversations.map((conversation) => conversation.id)).toEqual(['a', 'b']);
    expect(merged.fallback?.text).toBe('second');
    const dup = { conversations: [{ id: 'a', responses: [{ text: '1' }] }] };
    expect(() => mergeFakeScripts(dup, dup)).toThrow(/duplicate conversation id "a"/);
  });
});
