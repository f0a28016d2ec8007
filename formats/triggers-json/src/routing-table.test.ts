import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detectTriggersJson } from './detect.js';
import { loadTriggersJson } from './load-triggers-json.js';
import { writeTriggersJson } from './write-triggers-json.js';

let tmp: string;
beforeEach(() => {
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'routing-table-')));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

const skill = (dir: string, name: string) => {
  mkdirSync(join(dir, name), { recursive: true });
  writeFileSync(join(dir, name, 'SKILL.md'), `---\nname: ${name}\ndescription: Does ${name}.\n---\n# ${name}\n`);
  return { name, dir: join(dir, name) };
};

// The shape seen in the wild: a list of {query, expect} with null for "no match" (a node router's fixture in
// n8n-knowledge's build-layer plan), and {prompt, expected_skill} routing cases (novotnyllc/dotnet-marketplace,
// tests/agent-routing/cases.json); {cases: [{prompt, expect}]} is the routing table this format reads.
const TABLE = `{
  "cases": [
    {"prompt": "Turn this table into a PDF report", "expect": "pdf"},
    {"id": "csv-1", "prompt": "Sum the amount column of sales.csv", "expect": "csv"},
    {"prompt": "What is the capital of France?", "expect": null, "reason": "small talk"}
  ]
}`;

describe('a routing table {cases: [{prompt, expect}]}', () => {
  it('is detected with content, whatever the file is called', () => {
    expect(detectTriggersJson('routes.json', TABLE)).toBe(0.9);
    expect(detectTriggersJson('x.json', '{"cases": [{"input": "i", "rubric": []}]}')).toBe(0);
  });

  it('stages every skill of the skills folder for each query and expects the named one, or none', () => {
    const skills = join(tmp, 'skills');
    const pdf = skill(skills, 'pdf');
    const csv = skill(skills, 'csv');
    mkdirSync(join(skills, 'evals'));
    const file = join(skills, 'evals', 'routing.json');
    const { suites, diagnostics } = loadTriggersJson(file, TABLE, { cwd: tmp });
    expect(diagnostics).toEqual([]);
    const suite = suites[0]!;
    expect(suite).toMatchObject({
      id: 'skills/evals/routing.json',
      name: 'routing: csv, pdf',
      format: 'triggers-json',
    });
    expect(suite.cases.map((c) => [c.id, c.expectedSkill, c.kind, c.runs])).toEqual([
      ['1', 'pdf', 'trigger', 3],
      ['csv-1', 'csv', 'trigger', 3],
      ['3', null, 'trigger', 3],
    ]);
    for (const c of suite.cases) expect(c.skills).toEqual([csv, pdf]);
    expect(suite.cases[0]!.source).toMatchObject({ file, line: 3, format: 'triggers-json', dialect: 'routing' });
    expect(suite.cases[2]!.metadata).toEqual({ reason: 'small talk' });
    // No explicit check: the implicit skill-routed check grades it.
    expect(suite.cases[0]!.checks).toEqual([]);
  });

  it("finds a plugin's skills/ from the plugin's evals folder", () => {
    const plugin = join(tmp, 'my-plugin');
    skill(join(plugin, 'skills'), 'pdf');
    skill(join(plugin, 'skills'), 'csv');
    mkdirSync(join(plugin, 'evals'));
    const { suites } = loadTriggersJson(join(plugin, 'evals', 'routing.json'), TABLE, { cwd: tmp });
    expect(suites[0]!.cases[0]!.skills.map((s) => s.name)).toEqual(['csv', 'pdf']);
  });

  it('reports a skill not in the set and a missing prompt at their lines, and runs the rest', () => {
    skill(tmp, 'pdf');
    skill(tmp, 'csv');
    const text = `{
  "cases": [
    {"prompt": "Make a PDF", "expect": "pdf"},
    {"prompt": "Make slides", "expect": "pptx"},
    {"expect": "csv"},
    {"prompt": "Hello", "expect": 3}
  ]
}`;
    const file = join(tmp, 'routing.json');
    const { suites, diagnostics } = loadTriggersJson(file, text, { cwd: tmp });
    expect(diagnostics.map((d) => [d.ruleId, d.severity, d.line, d.column])).toEqual([
      ['triggers-json/unknown-skill', 'error', 4, 41],
      ['triggers-json/missing-query', 'error', 5, 5],
      ['triggers-json/wrong-type', 'error', 6, 35],
    ]);
    expect(diagnostics[0]!.file).toBe(file);
    expect(diagnostics[0]!.message).toContain('"pptx", which is not one of the skills routed between ("csv", "pdf")');
    expect(diagnostics[0]!.message).toContain('write null when no skill should fire');
    expect(diagnostics[1]!.message).toBe('Case #3 has no "prompt"; add "prompt": "…" with the user message.');
    expect(suites[0]!.cases.map((c) => c.turns[0])).toEqual(['Make a PDF']);
  });

  it('says where to put a table that is in no skills folder', () => {
    mkdirSync(join(tmp, 'project'));
    const { suites, diagnostics } = loadTriggersJson(join(tmp, 'project', 'routing.json'), TABLE, { cwd: tmp });
    expect(suites).toEqual([]);
    expect(diagnostics[0]).toMatchObject({ ruleId: 'triggers-json/no-skills', severity: 'error', line: 1 });
    expect(diagnostics.slice(1).map((d) => d.ruleId)).toEqual(Array(2).fill('triggers-json/unknown-skill'));
  });

  it('is written back as a routing table that reads back to the same cases', () => {
    const skills = join(tmp, 'skills');
    skill(skills, 'pdf');
    skill(skills, 'csv');
    const file = join(skills, 'triggers.json');
    const [suite] = loadTriggersJson(file, TABLE, { cwd: tmp }).suites;
    const written = writeTriggersJson(suite!);
    expect(written.lost).toEqual([]);
    const again = loadTriggersJson(file, written.files[0]!.text, { cwd: tmp });
    expect(again.diagnostics).toEqual([]);
    const shape = (s: typeof suite) => s!.cases.map((c) => [c.id, c.turns, c.expectedSkill, c.metadata]);
    expect(shape(again.suites[0])).toEqual(shape(suite));
  });
});
