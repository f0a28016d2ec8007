import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAgentv } from '@skill-eval/format-agentv';
import { afterAll, describe, expect, it } from 'vitest';
import { type AgentvVersion, agentvLoad } from './peers/agentv-loaders.js';

/**
 * A JSONL case file (`tests: ./cases.jsonl`) read by AgentV's own loader, at both versions, and by skill-eval's
 * AgentV reader, one kind of line at a time: the same lines are refused (AgentV refuses the file, skill-eval reports
 * an error naming the line) and the same tests are read from the rest. Lines that YAML reads and JSON does not are
 * the point: AgentV parses each line with JSON.parse (case-file-loader.ts `parseJsonlCases`).
 */
const LINES: Record<string, string> = {
  'a JSON object': '{"id": "a", "input": "hi", "assert": ["Greets"]}',
  'keys without quotes (YAML flow)': '{id: b, input: hi, assert: [Greets]}',
  'single-quoted strings': "{'id': 'c', 'input': 'hi'}",
  'a trailing comment': '{"id": "d", "input": "hi"} # note',
  'an alias': '*x',
  'an alias inside an object': '{"id": "e", "input": *x}',
  'a tag': '!!str {"id": "f"}',
  'a key given twice (the last counts)': '{"id": "g", "id": "h", "input": "hi", "assert": ["Greets"]}',
  'a list': '[1, 2]',
  'indented, with a carriage return': '   {"id": "i", "input": "hi", "assert": ["Greets"]}\r',
};

const root = realpathSync(mkdtempSync(join(tmpdir(), 'agentv-jsonl-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Both readings of a suite whose one case file holds `line`. */
async function readings(version: AgentvVersion, name: string, line: string) {
  const dir = mkdtempSync(join(root, 'case-'));
  const suite = join(dir, 'a.eval.yaml');
  writeFileSync(suite, 'tests: ./cases.jsonl\n');
  writeFileSync(join(dir, 'cases.jsonl'), `${line}\n`);
  const theirs = await agentvLoad(version, suite, dir);
  const ours = loadAgentv(suite, readFileSync(suite, 'utf8'), { cwd: dir });
  const errors = ours.diagnostics.filter((d) => d.severity === 'error');
  return {
    name,
    agentv: theirs.refused === undefined ? theirs.tests.map((t) => t.id) : 'refused',
    skillEval: errors.length === 0 ? ours.suites.flatMap((s) => s.cases.map((c) => c.id)) : 'refused',
    errors,
  };
}

describe.each(['5', '4.42.4'] as const)("AgentV %s's loader and skill-eval on each kind of JSONL line", (version) => {
  it.each(Object.entries(LINES))('%s', async (name, line) => {
    const read = await readings(version, name, line);
    expect({ name, skillEval: read.skillEval }).toEqual({ name, skillEval: read.agentv });
    // A refused line is an error at that line of the case file, never a crash of the loader.
    for (const error of read.errors)
      expect(error).toMatchObject({ file: expect.stringMatching(/cases\.jsonl$/), line: 1 });
  });
});

describe("skill-eval's message for a line that is not JSON", () => {
  it('names the line and the column strict parsing stopped at, says why, and what a JSONL line is', async () => {
    const read = await readings('5', 'flow', '  {id: b}');
    expect(read.errors).toHaveLength(1);
    expect(read.errors[0]).toMatchObject({ line: 1, column: 4 });
    expect(read.errors[0]!.message).toMatch(
      /^Invalid JSON: an unexpected character; JSON strings use double quotes and keys must be quoted\. Each line of a JSONL file is one JSON object/,
    );
  });
});
