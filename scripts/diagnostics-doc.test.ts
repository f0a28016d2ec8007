import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type RuleIdScan, scanRuleIds } from './rule-ids.js';

const page = readFileSync(new URL('../docs/diagnostics.md', import.meta.url), 'utf8');
const root = new URL('..', import.meta.url).pathname;

/** The rule ids the page lists: the first cell of each table row, `*\/rule` for the check catalogue's. */
const documented = [...page.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1]!);
const explicit = documented.filter((id) => !id.startsWith('*/'));
const catalogue = documented.filter((id) => id.startsWith('*/')).map((id) => id.slice(2));
/** The sources the page says carry the catalogue's ids: "exists as `agentv/…`, `eval-md/…` …". */
const cataloguePrefixes = [
  ...(/each rule below exists as ([^\n]+(?:\n[^\n]+)*?)\.\n/.exec(page)?.[1] ?? '').matchAll(/`([a-z-]+)\/…`/g),
].map((match) => match[1]!);

describe('docs/diagnostics.md', () => {
  let scan: RuleIdScan;
  // Parsing every source file takes a second or two, more on a loaded machine.
  beforeAll(() => {
    scan = scanRuleIds();
  }, 60_000);

  it('finds the rule ids of every kind of place in the code that gives one', () => {
    for (const id of [
      'discovery/part-of-suite', // diag('info', 'discovery/…', …) in the runner
      'discovery/no-cases', // ruleId: '…' in the CLI
      'case/nul-character',
      'skill/name-not-a-folder',
      'trust/agent-settings', // a literal returned by a helper
      'grading/unknown-check-type', // `grading/${problem.ruleId}`
      'evals-json/unknown-key', // a format's RuleId union
      'evals-json/unknown-parameter', // the check catalogue's, passed on by a format
      'skill-up/belongs-to-suite', // a full id written out in a format
      'agentv/unknown-field', // either branch of a condition at a sink call, in a format without a RuleId union
      'agentv/syntax', // through a helper that hands the rule to the sink
      'triggers-json/skill-from-folder',
    ])
      expect(scan.ids.has(id), id).toBe(true);
    expect(scan.ids.size).toBeGreaterThan(150);
    expect(scan.checkIds).toContain('unknown-check-type');
  });

  it('reads every rule id of the code: none is built at run time from parts it cannot see', () => {
    expect(scan.unreadable).toEqual([]);
  });

  it('lists every rule id the code can give', () => {
    const undocumented = [...scan.ids]
      .filter(([id]) => !explicit.includes(id) && !catalogue.includes(id.split('/')[1]!))
      .map(([id, at]) => `${id} (${at})`);
    expect(undocumented, 'add a row to docs/diagnostics.md for each').toEqual([]);
  });

  it('lists only rule ids the code has, each once', () => {
    expect(explicit.filter((id) => !scan.ids.has(id))).toEqual([]);
    expect(documented.filter((id, i) => documented.indexOf(id) !== i)).toEqual([]);
  });

  it("lists the check catalogue's rules once, under every source that passes them on", () => {
    expect([...catalogue].sort()).toEqual([...scan.checkIds].sort());
    const carriers = new Set(
      [...scan.ids.keys()].filter((id) => scan.checkIds.includes(id.split('/')[1]!)).map((id) => id.split('/')[0]!),
    );
    expect([...cataloguePrefixes].sort()).toEqual([...carriers].sort());
    // Each of them carries all of the catalogue's rules.
    for (const prefix of carriers)
      for (const rule of scan.checkIds) expect(scan.ids.has(`${prefix}/${rule}`), `${prefix}/${rule}`).toBe(true);
  });

  it('gives each rule an explanation and an example', () => {
    const rows = page.split('\n').filter((line) => /^\| `[^`]+` \|/.test(line));
    for (const row of rows) {
      const [, explanation, example] = row.split(/ \| /);
      expect(explanation?.trim().length, row).toBeGreaterThan(10);
      expect(example, row).toMatch(/→ \*.+\*/);
    }
  });
});

describe('the rule id scan', () => {
  const source = (path: string, text: string) => ({ file: `${root}${path}`, text });

  it('prefixes the rules a format hands its sink, and finds full ids by the prefixes the code uses', () => {
    const { ids, unreadable } = scanRuleIds([
      source(
        'formats/demo/src/read.ts',
        "sink.error('bad-thing', 'm', at); ctx.sink.warning(ok ? 'a-rule' : 'b-rule', 'm'); sink.report(s, 'c-rule', 'm');",
      ),
      source(
        'packages/runner/src/x.ts',
        "const d = { ruleId: 'runner/one', message: 'm' }; const ids = new Set(['runner/two']);",
      ),
      source('packages/runner/src/y.ts', "const path = 'docs/readme'; const other = 'demo/from-elsewhere';"),
    ]);
    expect([...ids.keys()].sort()).toEqual([
      'demo/a-rule',
      'demo/b-rule',
      'demo/bad-thing',
      'demo/c-rule',
      'demo/from-elsewhere',
      'runner/one',
      'runner/two',
    ]);
    expect(unreadable).toEqual([]);
  });

  it('says where an id is built from parts it cannot read', () => {
    const { unreadable } = scanRuleIds([
      source(
        'packages/runner/src/x.ts',
        "const a = { ruleId: 'runner/one' }; const report = (ruleId: string) => ruleId; report(`runner/${kind}`);",
      ),
    ]);
    expect(unreadable).toEqual([expect.stringMatching(/x\.ts:1: `runner\/\$\{kind\}`/)]);
  });
});
