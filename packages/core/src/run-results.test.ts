import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CaseResultSchema } from './result.js';
import { RUN_MANIFEST_FORMAT } from './run-manifest.js';
import { readRunResults } from './run-results.js';
import { tempFolder } from './test-support/temp-folder.js';

const minimal: unknown = JSON.parse(readFileSync(new URL('./fixtures/case-result.json', import.meta.url), 'utf8'));
const line = (executionId: string, fields: object = {}) =>
  JSON.stringify(CaseResultSchema.parse({ ...(minimal as object), executionId, caseId: executionId, ...fields }));

const runDir = (lines: string[], plan?: string[]) => {
  const dir = tempFolder('run-results-');
  writeFileSync(join(dir, 'results.jsonl'), `${lines.join('\n')}\n`);
  if (plan) {
    const manifest = { format: RUN_MANIFEST_FORMAT, createdAt: '2025-01-01T00:00:00Z', invocation: {}, plan };
    writeFileSync(join(dir, 'run.json'), JSON.stringify(manifest));
  }
  return dir;
};
const refused = (message: string) => ({ code: 'BAD_INPUT', message: expect.stringContaining(message) });

describe('readRunResults', () => {
  it('reads the results of the run it plans, in file order', async () => {
    const read = await readRunResults(runDir([line('a'), line('b')], ['a', 'b', 'c']));
    expect(read?.results.map((r) => r.executionId)).toEqual(['a', 'b']);
  });

  it('refuses a second line of one execution, naming both lines', async () => {
    const dir = runDir([line('a'), line('b'), line('a', { status: 'passed' })], ['a', 'b']);
    await expect(readRunResults(dir)).rejects.toMatchObject(
      refused(`results.jsonl:3: execution "a" has a result already, at line 1`),
    );
  });

  it("refuses a line of an execution the run's plan does not hold", async () => {
    await expect(readRunResults(runDir([line('a'), '', line('forged')], ['a']))).rejects.toMatchObject(
      refused(`results.jsonl:3: execution "forged" is not in the run's plan (run.json)`),
    );
  });

  it('refuses a line about a case the run does not have, or of another kind, when the cases are known', async () => {
    const caseKinds = new Map([[JSON.stringify(['s', 'a']), 'task' as const]]);
    await expect(readRunResults(runDir([line('a'), line('b')]), { caseKinds })).rejects.toMatchObject(
      refused(`results.jsonl:2: case "b" of s is not a case of the run (cases.json)`),
    );
    await expect(readRunResults(runDir([line('a', { kind: 'trigger' })]), { caseKinds })).rejects.toMatchObject(
      refused('results.jsonl:1: case "a" is a task case, not a trigger case'),
    );
  });
});
