import { describe, expect, it } from 'vitest';
import { bySeverity, criteria, loadCorpus } from './test-support/corpus.js';

const BRIEF = 'evals/bmm-skills/bmad-product-brief/evals.json';
const PLAN = 'bmad-cases-json/bmad-code-org-BMAD-METHOD/src/bmm-skills/plan/';
const missingFiles = (d: { ruleId: string }[]) => d.filter((x) => x.ruleId === 'evals-json/missing-file').length;

describe('corpus: BMAD generation 1 evals.json', () => {
  it('@c52c9b5: string ids, _pattern and _design_notes kept as metadata', () => {
    const { result, suite, cases } = loadCorpus(`bmad-evals-json/bmad-code-org-BMAD-METHOD/${BRIEF}`);
    expect(bySeverity(result.diagnostics, 'error')).toEqual([]);
    expect(suite.settings.dialect).toBe('bmad-1');
    expect(suite.name).toBe('bmad-product-brief');
    expect(Object.keys(suite.settings.metadata as object)).toEqual(['_design_notes']);
    expect(cases.map((c) => c.id)).toEqual([
      'A1',
      'A2',
      'A3',
      'A4',
      'A5',
      'A6',
      'A7',
      'A8',
      'B1',
      'B2',
      'B3',
      'B5',
      'B6',
      'B7',
      'C1',
    ]);
    expect(cases.every((c) => typeof c.rawId === 'string' && c.kind === 'task')).toBe(true);
    expect(cases[0]!.metadata).toEqual({ _pattern: 'artifact-correctness' });
    expect(cases[0]!.turns[0]).toMatch(/^Run headless. Create a product brief for InsuLens.\n\nContext/);
    expect(cases[1]!.turns).toEqual(['Run headless. Create a brief for our app idea.']);
    expect(cases[0]!.checks).toHaveLength(11);
    expect(criteria(cases[0]!.checks)[0]).toBe('A run folder is created with brief.md and decision-log.md');
    expect(criteria(cases[0]!.checks)[10]).toBe("The JSON 'intent' value is 'create'");
    expect(cases[0]!.reference).toMatch(/^A run folder containing brief.md/);
    expect(cases.every((c) => c.limits.timeoutSeconds === undefined)).toBe(true);
    // Paths are relative to the BMAD project root, which the corpus does not hold.
    expect(missingFiles(result.diagnostics)).toBe(16);
  });

  it('@c19f6cd: 17 evals, timeout in seconds on B8 only', () => {
    const { result, cases } = loadCorpus(`bmad-evals-json/bmad-code-org-BMAD-METHOD@c19f6cd/${BRIEF}`);
    expect(bySeverity(result.diagnostics, 'error')).toEqual([]);
    expect(cases).toHaveLength(17);
    expect(cases.map((c) => c.id).slice(-3)).toEqual(['B7', 'B8', 'C1']);
    const timed = cases.filter((c) => c.limits.timeoutSeconds !== undefined);
    expect(timed.map((c) => [c.id, c.limits.timeoutSeconds])).toEqual([['B8', 900]]);
    expect(Object.keys(timed[0]!.metadata)).toEqual(['_pattern']);
    expect(cases[0]!.checks).toHaveLength(12);
  });

  it('@9ef0b7f: integer ids in the same file history', () => {
    const { result, suite, cases } = loadCorpus(`bmad-evals-json/bmad-code-org-BMAD-METHOD@9ef0b7f/${BRIEF}`);
    expect(bySeverity(result.diagnostics, 'error')).toEqual([]);
    expect(suite.settings.dialect).toBe('skill-creator');
    expect(cases.map((c) => [c.id, c.rawId])).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => [String(n), n]));
    expect(cases.map((c) => c.checks.length)).toEqual([9, 4, 5, 5, 6, 5, 5, 5]);
    expect(criteria(cases[7]!.checks).at(-1)).toBe(
      'decision-log.md notes which interviews were used and which were excluded',
    );
    expect(cases[0]!.turns[0]).toMatch(/^I want to create a product brief for InsuLens/);
    expect(missingFiles(result.diagnostics)).toBe(11);
  });
});

describe('corpus: BMAD generation 2 cases.json', () => {
  it('bmad-ticket: input, rubric, state_prefix composition and timeouts', () => {
    const { result, suite, cases } = loadCorpus(`${PLAN}bmad-ticket/evals/cases.json`);
    expect(bySeverity(result.diagnostics, 'error')).toEqual([]);
    expect(suite.settings).toMatchObject({ dialect: 'bmad-2', skillName: 'bmad-ticket' });
    expect(cases.map((c) => c.id)).toEqual([
      'refine-bug-quick',
      'refine-autonomous-hard-floor',
      'refine-hitl-user-override',
      'refine-fresh-project-default-root',
      'slice-prd-autonomous',
      'slice-guided-gate-approved',
      'incept-epic-autonomous',
      'update-status-refusal-relay',
      'slice-greenfield-autonomous',
    ]);
    expect(cases.map((c) => c.limits.timeoutSeconds)).toEqual([600, 600, 600, 600, 900, 900, 900, 600, 900]);
    expect(cases.map((c) => c.checks.length)).toEqual([8, 7, 6, 6, 11, 6, 10, 4, 7]);
    expect(cases[0]!.turns[0]).toMatch(/^quick mode: make a ticket for this bug, the report is in files\/bug-rep/);
    const override = cases[2]!;
    expect(override.turns[0]).toMatch(/^\[refine route, mid-session: the skill proposed risk 4/);
    expect(override.turns[0]).toContain('and the user replied:]\n\nUser said: "set risk 2 and hitl false');
    expect(Object.keys(override.metadata)).toEqual(['state_prefix']);
    expect(criteria(cases[1]!.checks).at(-1)).toBe(
      'all pre-existing ticket files are byte-identical to their committed state',
    );
    expect(cases.every((c) => c.kind === 'task' && c.reference === undefined)).toBe(true);
    expect(missingFiles(result.diagnostics)).toBe(20);
  });

  it('bmad-project-context: 14 cases, prefixed prompts, default severity reports missing fixtures as errors', () => {
    const relaxed = loadCorpus(`${PLAN}bmad-project-context/evals/cases.json`);
    expect(bySeverity(relaxed.result.diagnostics, 'error')).toEqual([]);
    const { cases } = relaxed;
    expect(cases).toHaveLength(14);
    expect(cases.map((c) => c.id).slice(0, 3)).toEqual([
      'E1-brownfield-capture',
      'E2-false-claim-rejection',
      'E4-interrogation-discipline',
    ]);
    expect(cases.filter((c) => 'state_prefix' in c.metadata).map((c) => c.id)).toEqual([
      'E4-interrogation-discipline',
      'E8b-bmad-placement-honored',
      'E11-durability',
      'E12a-face-purpose-asked',
      'E12b-face-generation',
    ]);
    expect(cases[13]!.turns[0]).toMatch(/^\[Ingest just completed on the repo at files\/fixture-refresh /);
    expect(cases[13]!.turns[0]).toMatch(/the user replied:\]\n\nUser said: "a short slide deck/);
    expect(criteria(cases[0]!.checks)[0]).toMatch(/^files\/fixture-brownfield\/context\/kernel.md exists/);
    expect(cases.map((c) => c.limits.timeoutSeconds)).toEqual([
      900, 900, 600, 900, 600, 900, 900, 900, 600, 900, 900, 900, 600, 900,
    ]);
    const strict = loadCorpus(`${PLAN}bmad-project-context/evals/cases.json`, { missingFiles: 'error' });
    const errors = bySeverity(strict.result.diagnostics, 'error');
    expect(errors).toHaveLength(137);
    expect(new Set(errors.map((d) => d.ruleId))).toEqual(new Set(['evals-json/missing-file']));
    expect(errors[0]).toMatchObject({ line: 19, column: 9 });
    expect(errors[0]!.message).toMatch(
      /^File "files\/fixture-brownfield\/AGENTS.md" of case "E1-brownfield-capture" does not exist; looked for \/.*\/evals\/files\/fixture-brownfield\/AGENTS.md/,
    );
  });
});
