import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRedactor } from '@skill-eval/core';
import { CopyBudget } from '@skill-eval/engine-kit/agent-files';
import { describe, expect, it } from 'vitest';
import { ExecutionRecordFiles } from './execution-record.js';
import { createResultStore } from './result-store.js';
import { useTempTree } from './test-support/fixtures.js';

const SECRET = 'sk-fake-RECORD-SECRET-42';
const EXECUTION = 'suite--case--command--with_skill--r1';

describe("an execution's record in the run directory", () => {
  const temp = useTempTree({}, 'execution-record-');
  const open = async () => {
    const store = await createResultStore(join(temp.dir, 'run'), createRedactor([SECRET]));
    return {
      store,
      record: new ExecutionRecordFiles(store, EXECUTION),
      at: join(temp.dir, 'run', 'artifacts', EXECUTION),
    };
  };

  it('writes lines and kept files redacted, the last kept text of a name winning, and the seal finds them as written', async () => {
    const { store, record, at } = await open();
    const lines = record.openLines('transcript.jsonl');
    expect(lines.path).toBe(join(at, 'transcript.jsonl'));
    lines.writeLine(`{"key":"${SECRET}"}`);
    lines.writeLine('second');
    record.keep('prompt.txt', 'first turn');
    record.keep('prompt.txt', `second turn with ${SECRET}`);
    // Left open by its engine: finishing the record closes it.
    expect([...record.finish()].sort()).toEqual(['prompt.txt', 'transcript.jsonl']);
    expect(readFileSync(join(at, 'transcript.jsonl'), 'utf8')).toBe('{"key":"[REDACTED]"}\nsecond\n');
    expect(readFileSync(join(at, 'prompt.txt'), 'utf8')).toBe('second turn with [REDACTED]');
    expect(record.warnings).toEqual([]);
    expect(await store.seal()).toEqual([]);
  });

  it('keeps the ledger to each line, so that a transcript its engine never closed passes the seal', async () => {
    const { store, record, at } = await open();
    record.openLines('stream.jsonl').writeLine('one');
    expect(await store.seal()).toEqual([]);
    expect(readFileSync(join(at, 'stream.jsonl'), 'utf8')).toBe('one\n');
  });

  it('tells the seal of a line something else added to a record file the engine is still writing', async () => {
    const { store, record, at } = await open();
    const lines = record.openLines('stream.jsonl');
    lines.writeLine('one');
    appendFileSync(join(at, 'stream.jsonl'), 'forged\n');
    lines.writeLine('two');
    expect(await store.seal()).toEqual([`artifacts/${EXECUTION}/stream.jsonl (changed; removed)`]);
  });

  it('never writes through what is at a name already: a link there is a warning, and its target stays as it was', async () => {
    const { record, at } = await open();
    const outside = join(temp.dir, 'outside.txt');
    writeFileSync(outside, 'host file\n');
    mkdirSync(at, { recursive: true });
    symlinkSync(outside, join(at, 'transcript.jsonl'));
    symlinkSync(outside, join(at, 'prompt.txt'));
    const lines = record.openLines('transcript.jsonl');
    lines.writeLine('not for the host');
    record.keep('prompt.txt', 'not for the host either');
    record.finish();
    expect(readFileSync(outside, 'utf8')).toBe('host file\n');
    expect(record.warnings).toEqual([
      expect.stringMatching(/^The record file transcript\.jsonl could not be written: EEXIST/),
      expect.stringMatching(/^The record file prompt\.txt could not be written: EEXIST/),
    ]);
  });

  it("records an attempt again after the one before it was dropped (a retry), the execution's folder made anew", async () => {
    const { store, record, at } = await open();
    record.keep('prompt.txt', 'first attempt');
    record.openLines('transcript.jsonl').writeLine('first');
    record.finish();
    await store.dropArtifacts(EXECUTION);
    expect(existsSync(at)).toBe(false);
    const again = new ExecutionRecordFiles(store, EXECUTION);
    again.keep('prompt.txt', 'second attempt');
    again.openLines('transcript.jsonl').writeLine('second');
    expect([...again.finish()].sort()).toEqual(['prompt.txt', 'transcript.jsonl']);
    expect(again.warnings).toEqual([]);
    expect(readFileSync(join(at, 'prompt.txt'), 'utf8')).toBe('second attempt');
    expect(readFileSync(join(at, 'transcript.jsonl'), 'utf8')).toBe('second\n');
    expect(await store.seal()).toEqual([]);
  });

  it.each([
    ['its own folder', (run: string) => join(run, 'artifacts', EXECUTION)],
    ["the run's artifacts folder", (run: string) => join(run, 'artifacts')],
  ])('writes nothing through a link planted as %s: each file is a warning', async (_, linked) => {
    const { record } = await open();
    const outside = join(temp.dir, 'outside-folder');
    mkdirSync(outside, { recursive: true });
    const at = linked(join(temp.dir, 'run'));
    mkdirSync(dirname(at), { recursive: true });
    symlinkSync(outside, at);
    record.openLines('transcript.jsonl').writeLine('not for the host');
    record.keep('prompt.txt', 'not for the host either');
    record.finish();
    expect(readdirSync(outside)).toEqual([]);
    expect(record.warnings).toEqual([
      expect.stringMatching(/^The record file transcript\.jsonl could not be written: .* is a symbolic link/),
      expect.stringMatching(/^The record file prompt\.txt could not be written: .* is a symbolic link/),
    ]);
  });

  it('takes plain file names only', async () => {
    const { record } = await open();
    for (const name of ['../escape.txt', 'sub/file.txt', '..', ''])
      expect(() => record.keep(name, 'x'), name).toThrow(/plain file name/);
    expect(() => record.openLines('../escape.jsonl')).toThrow(/plain file name/);
    expect(existsSync(join(temp.dir, 'run', 'artifacts', 'escape.jsonl'))).toBe(false);
  });

  it("leaves the agent's copy of a recorded name out of the copy of its folder, and copies the rest", async () => {
    const { store, record, at } = await open();
    const agentFolder = join(temp.dir, 'agent');
    mkdirSync(agentFolder);
    writeFileSync(join(agentFolder, 'prompt.txt'), 'rewritten by the agent');
    writeFileSync(join(agentFolder, 'notes.txt'), 'left by the agent');
    record.keep('prompt.txt', 'as the harness gave it');
    const budget = new CopyBudget();
    const kept = await store.keepArtifacts(EXECUTION, agentFolder, { except: record.finish(), budget });
    expect([...kept.keys()]).toEqual(['notes.txt']);
    // Not even tried: the record's file is the one kept, and no copy failed on it.
    expect(budget.warnings).toEqual([]);
    expect(readFileSync(join(at, 'prompt.txt'), 'utf8')).toBe('as the harness gave it');
    expect(await store.seal()).toEqual([]);
  });
});
