import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadPromptfoo, loadTemplateEngine } from '@skill-eval/format-promptfoo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptfooRows } from './peers/promptfoo-config-peer.js';

await loadTemplateEngine();

/**
 * Configs and tests files that differ only in how promptfoo's readers read them, run through promptfoo 0.123.1's own
 * `eval` (peers/promptfoo-config-peer.ts) and read by format-promptfoo: the same configs are refused (promptfoo's eval
 * fails ⇔ an error here), and the rest render the same prompts. promptfoo reads a JSONL file with JSON.parse a line at
 * a time, a .json file named in a list with JSON.parse, one named alone as YAML, and YAML with js-yaml, which merges
 * merge keys (`<<: *anchor`).
 */
const CONFIG = 'prompts: ["Say {{word}}"]\n';
const CASES: Record<string, Record<string, string>> = {
  'a JSONL line only YAML reads': {
    'promptfooconfig.yaml': `${CONFIG}tests: file://cases.jsonl\n`,
    'cases.jsonl': '{"vars": {"word": "one"}}\n{vars: {word: two}}\n',
  },
  'a JSONL line with a key given twice': {
    'promptfooconfig.yaml': `${CONFIG}tests:\n  - file://cases.jsonl\n`,
    'cases.jsonl': '{"vars": {"word": "one"}, "vars": {"word": "two"}}\n',
  },
  'a .json file only YAML reads, named in a list': {
    'promptfooconfig.yaml': `${CONFIG}tests:\n  - file://cases.json\n`,
    'cases.json': '[{vars: {word: one}}]\n',
  },
  'a .json file only YAML reads, named alone': {
    'promptfooconfig.yaml': `${CONFIG}tests: file://cases.json\n`,
    'cases.json': '[{vars: {word: one}}]\n',
  },
  'a merge key in vars, an own key winning': {
    'promptfooconfig.yaml':
      'prompts: ["Say {{k}} and {{w}}"]\nbase: &b {k: merged, w: base}\ntests:\n  - vars:\n      <<: *b\n      w: own\n',
  },
  'merge keys of two tests, the first winning': {
    'promptfooconfig.yaml':
      'prompts: ["Say {{k}}"]\nx-a: &a {vars: {k: first}}\nx-b: &b {vars: {k: second}, description: from b}\ntests:\n  - <<: [*a, *b]\n',
  },
  'a merge key naming no map': {
    'promptfooconfig.yaml': 'prompts: ["Say {{k}}"]\nx: &x text\ntests:\n  - vars:\n      <<: *x\n',
  },
  'an unquoted date in vars': {
    'promptfooconfig.yaml': 'prompts: ["On {{d}}"]\ntests:\n  - vars:\n      d: 2025-01-15\n',
  },
  'a .json file with a comment, named in a list': {
    'promptfooconfig.yaml': `${CONFIG}tests:\n  - file://cases.json\n`,
    'cases.json': '# words\n[{"vars": {"word": "one"}}]\n',
  },
};

const root = mkdtempSync(path.join(tmpdir(), 'differential-promptfoo-readings-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The prompts each tool renders for a config, or 'refused'. */
const readings = new Map<string, { promptfoo: string[] | 'refused'; skillEval: string[] | 'refused' }>();

/** promptfoo runs at once: each is a Node process loading promptfoo, on a machine that runs other tests beside. */
const AT_ONCE = 3;

beforeAll(async () => {
  const entries = Object.entries(CASES).map(([name, files], i) => ({ name, files, i }));
  for (let start = 0; start < entries.length; start += AT_ONCE)
    await Promise.all(
      entries.slice(start, start + AT_ONCE).map(async ({ name, files, i }) => {
        const folder = path.join(root, String(i));
        mkdirSync(folder);
        for (const [file, text] of Object.entries(files)) writeFileSync(path.join(folder, file), text);
        const theirs = await promptfooRows(folder).then(
          (rows) => rows.map((r) => r.prompt),
          () => 'refused' as const,
        );
        const config = path.join(folder, 'promptfooconfig.yaml');
        const loaded = loadPromptfoo(config, readFileSync(config, 'utf8'));
        const ours = loaded.diagnostics.some((d) => d.severity === 'error')
          ? ('refused' as const)
          : loaded.suites.flatMap((s) => s.cases.map((c) => c.turns[0]!));
        readings.set(name, { promptfoo: theirs, skillEval: ours });
      }),
    );
}, 240_000);

/** Configs promptfoo reads into a prompt no one means, which skill-eval reads as written, with a warning. */
const DELIBERATE = new Set(['an unquoted date in vars']);

describe('configs and tests files, read by promptfoo 0.123.1 and by skill-eval', () => {
  it.each(Object.keys(CASES).filter((name) => !DELIBERATE.has(name)))('%s', (name) => {
    const read = readings.get(name)!;
    expect(read.skillEval).toEqual(read.promptfoo);
  });

  it('sends an unquoted date as its text, where promptfoo writes [object Object], and says so at it', async () => {
    const read = readings.get('an unquoted date in vars')!;
    expect(read.promptfoo).toEqual(['On [object Object]']);
    expect(read.skillEval).toEqual(['On 2025-01-15']);
    const config = path.join(
      root,
      String(Object.keys(CASES).indexOf('an unquoted date in vars')),
      'promptfooconfig.yaml',
    );
    expect(loadPromptfoo(config, readFileSync(config, 'utf8')).diagnostics).toEqual([
      expect.objectContaining({ ruleId: 'promptfoo/date-value', severity: 'warning', line: 4, column: 10 }),
    ]);
  });

  it('reads both ways somewhere: the cases are not all refused, nor all read', () => {
    const outcomes = [...readings.values()].map((r) => r.promptfoo === 'refused');
    expect(outcomes).toContain(true);
    expect(outcomes).toContain(false);
  });
});
