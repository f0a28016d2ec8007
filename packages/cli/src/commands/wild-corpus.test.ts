import { join } from 'node:path';
import { type Listing, ListingSchema } from '@skill-eval/core';
import { CORPUS_DIR, corpusFiles } from '@skill-eval/testing/corpus';
import { describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';

// corpus/wild/: whole folders of public repositories and minimal reproductions, each read as its own tool reads it
// (the tool's source is cited beside each expectation).
const WILD = join(CORPUS_DIR, 'wild');

async function list(...paths: string[]): Promise<{ code: number; listing: Listing }> {
  const io = captureIO(WILD);
  const code = await main(['list', '--json', ...paths], io);
  return { code, listing: ListingSchema.parse(JSON.parse(io.out())) };
}
const notes = (listing: Listing) => listing.diagnostics.map((d) => [d.severity, d.ruleId, d.file]);

describe('corpus/wild', () => {
  it('holds the folders these tests read', () => {
    expect(corpusFiles('wild/').length).toBeGreaterThanOrEqual(26);
  });

  it("a skill's evals/ holding skill-up suites, Waza tasks and an alternate config: one suite, nothing fails", async () => {
    const { code, listing } = await list('folder-scans/wukongai-ip-pic-skill');
    expect(code).toBe(0);
    // skill-up runs evals/eval.yaml; with-skill.yaml (the same cases) only with --config.
    expect(listing.suites.map((s) => [s.file, s.cases.length])).toEqual([
      ['folder-scans/wukongai-ip-pic-skill/evals/eval.yaml', 5],
    ]);
    expect(notes(listing).filter(([severity]) => severity !== 'warning')).toEqual(
      expect.arrayContaining([
        ['info', 'discovery/alternate-suite', 'folder-scans/wukongai-ip-pic-skill/evals/with-skill.yaml'],
        ['info', 'discovery/not-detected', 'folder-scans/wukongai-ip-pic-skill/evals/waza-eval.yaml'],
        ['info', 'discovery/not-detected', 'folder-scans/wukongai-ip-pic-skill/evals/waza/tasks/partial-failure.yaml'],
      ]),
    );
    // rule_based failure rules are fail-if conditions, apart from the success rules.
    const negative = listing.suites[0]!.cases.find((c) => c.id === 'negative-trigger')!;
    expect(negative.checks.map((c) => [c.role, c.type])).toEqual([
      ['check', 'exit-code'],
      ['fail-if', 'contains-any'],
    ]);
    // Named on its own, the alternate loads.
    const named = await list('folder-scans/wukongai-ip-pic-skill/evals/with-skill.yaml');
    expect(named.listing.suites.map((s) => s.cases.length)).toEqual([5]);
  });

  it("getsentry's skillet cases (behavior, checks: shell) are another tool's: skipped with their keys named", async () => {
    const { code, listing } = await list('folder-scans/getsentry-skillet');
    expect(code).toBe(0);
    expect(listing.suites).toEqual([]);
    expect(listing.diagnostics.length).toBe(16);
    expect(listing.diagnostics.every((d) => d.severity === 'info' && d.ruleId === 'discovery/not-detected')).toBe(true);
    expect(listing.diagnostics[0]!.message).toContain('keys found: behavior, prompt, setup, checks, timeout');
  });

  it("a RAG project's eval_set.json and a non-BMAD cases.json are skipped; a trigger-eval.json is found", async () => {
    const { code, listing } = await list(
      'minimal/evals-json/typed-assertions',
      'minimal/triggers-json/trigger-eval-names',
      'minimal/folder-scans',
    );
    expect(code).toBe(0);
    expect(listing.suites.map((s) => [s.file, s.format])).toEqual([
      ['minimal/evals-json/typed-assertions/evals/evals.json', 'evals-json'],
      ['minimal/triggers-json/trigger-eval-names/evals/trigger-eval.json', 'triggers-json'],
    ]);
    const skipped = listing.diagnostics.filter((d) => d.ruleId === 'discovery/not-detected').map((d) => d.file);
    expect(skipped).toEqual([
      'minimal/folder-scans/other-tools/evals/cases.json',
      'minimal/folder-scans/other-tools/evals/eval_set.json',
    ]);
    // run_eval.py's `if should_trigger:` and run_triggers.py's .get(..., True): a non-empty string is true.
    const triggers = listing.suites[1]!.cases;
    expect(triggers.map((c) => c.shouldTrigger)).toEqual([true, true, true, false]);
    // Typed assertions are deterministic checks on the answer.
    expect(listing.suites[0]!.cases[0]!.checks.map((c) => [c.type, c.negate ?? false, c.value])).toEqual([
      ['contains', false, 'plan'],
      ['contains', true, 'use a larger model'],
    ]);
  });

  it("skill-up's mcp-case-overrides e2e suite: each case's mocked server replaces the suite's (MergeCaseMCP)", async () => {
    const { code, listing } = await list('skill-up-yaml/alibaba-skill-up/e2e/testdata/mcp-case-overrides');
    expect(code).toBe(0);
    expect(listing.diagnostics.filter((d) => d.ruleId === 'skill-up/unknown-key')).toEqual([]);
    expect(listing.suites[0]!.cases.map((c) => [c.id, c.mcpServers.map((m) => [m.name, m.mocked, m.tools])])).toEqual([
      ['project-open', [['project-mgmt', true, ['get_project']]]],
      ['project-closed', [['project-mgmt', true, ['get_project']]]],
    ]);
  });

  it("skill-up's user-simulator example: both cases load with the simulated user skill-up runs", async () => {
    // examples/user-simulator: a mixed case (respond between fixed turns) and an autonomous one (a prompt the
    // simulator continues until it stops, within max_turns), as internal/evaluator/multiturn.go:84-165 runs them.
    const { code, listing } = await list('skill-up-yaml/alibaba-skill-up/examples/user-simulator');
    expect(code).toBe(0);
    expect(listing.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(listing.suites[0]!.cases.map((c) => [c.id, c.turns.length, c.userSimulator])).toEqual([
      ['mixed-turns', 3, { respond: [1], autonomous: false, maxTurns: 6, model: 'openai/gpt-4.1-mini' }],
      ['autonomous-turns', 1, { respond: [], autonomous: true, maxTurns: 6, model: 'openai/gpt-4.1-mini' }],
    ]);
    // eval-anthropic.yaml lists the same cases in another configuration: a scan leaves it to be named.
    expect(notes(listing)).toContainEqual([
      'info',
      'discovery/alternate-suite',
      'skill-up-yaml/alibaba-skill-up/examples/user-simulator/evals/eval-anthropic.yaml',
    ]);
  });

  it("AgentV's scenarios example: a globbed scenarios file of config rows × tests, with AgentV's test ids", async () => {
    const { code, listing } = await list('agentv-eval-yaml/EntityProcess-agentv/examples/features/scenarios');
    expect(code).toBe(0);
    const cases = listing.suites[0]!.cases;
    expect(cases.map((c) => [c.id, c.turns[0]])).toEqual([
      ['spanish__scenario_test_1', "Translate 'hello' to Spanish."],
      ['spanish__scenario_test_2', "Translate 'thank you' to Spanish."],
      ['french__scenario_test_1', "Translate 'hello' to French."],
      ['french__scenario_test_2', "Translate 'thank you' to French."],
      ['portuguese__scenario_test_1', "Translate 'hello' to Portuguese."],
      ['portuguese__scenario_test_2', "Translate 'thank you' to Portuguese."],
    ]);
  });
});
