import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ListingSchema } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { useDemoSkillFolder } from '../test-support/demo-skill-folder.js';

let dir = '';
useDemoSkillFolder('skill-eval-foreign-', (made) => {
  dir = made;
});

// BMAD TEA's fragment-selection evals.json was refused here as a file skill-eval does not read; it is read now, as
// bmad-code-org/bmad-method-test-architecture-enterprise test/eval-fragment-selection.js (c2fdbbb) reads it: from
// test/evals/<workflow>/evals.json, its prompt built from src/workflows/testarch/<workflow>/.
describe("BMAD TEA's evals.json", () => {
  const TEA = {
    workflow: 'bmad-testarch-trace',
    contextFiles: ['steps-c/step-01-load-context.md'],
    cases: [
      {
        id: 'trace-go',
        prompt: 'Map the acceptance criteria onto the existing tests.',
        repoFacts: ['Go module, no package.json'],
        expect: { mustLoad: ['test-quality.md'], mustNotLoad: ['network-first.md'] },
        assertions: [{ id: 'why', text: 'The set is stack-neutral.' }],
      },
    ],
  };
  const write = (path: string, text: string) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  };
  const teaRepository = () => {
    const workflowDir = join(dir, 'tea', 'src/workflows/testarch/bmad-testarch-trace');
    write(join(workflowDir, 'steps-c/step-01-load-context.md'), 'Load test-quality.md.\n');
    write(
      join(workflowDir, 'resources/tea-index.csv'),
      'id,fragment_file\ntest-quality,knowledge/test-quality.md\nnetwork-first,knowledge/network-first.md\n',
    );
    for (const name of ['test-quality.md', 'network-first.md'])
      write(join(workflowDir, 'resources/knowledge', name), '#\n');
    const file = join(dir, 'tea', 'test/evals/bmad-testarch-trace/evals.json');
    write(file, `${JSON.stringify(TEA, null, 2)}\n`);
    return file;
  };

  it('is read: validate passes, and list --json shows its case with its fragment-selection check', async () => {
    const file = teaRepository();
    const validated = captureIO(dir);
    expect(await main(['validate', file], validated)).toBe(0);
    expect(validated.out() + validated.err()).not.toContain('foreign-format');
    const io = captureIO(dir);
    expect(await main(['list', '--json', file], io)).toBe(0);
    const listing = ListingSchema.parse(JSON.parse(io.out()));
    const [c] = listing.suites[0]!.cases;
    expect(c).toMatchObject({
      id: 'trace-go',
      kind: 'task',
      runs: 2,
      timeoutSeconds: 300,
      source: { dialect: 'bmad-tea' },
    });
    expect(c!.turns[0]).toMatch(/^You are running the TEA workflow `bmad-testarch-trace`/);
    expect(c!.checks).toEqual([
      {
        role: 'check',
        type: 'fragment-selection',
        name: 'fragment selection',
        mustLoad: ['test-quality.md'],
        mustNotLoad: ['network-first.md'],
      },
    ]);
  });

  it('out of its repository, is an error naming TEA’s runner, with no hint to rewrite it', async () => {
    const path = join(dir, 'skill', 'evals', 'evals.json');
    writeFileSync(path, JSON.stringify(TEA));
    const io = captureIO(dir);
    expect(await main(['validate', path], io)).toBe(2);
    const said = io.out() + io.err();
    expect(said).toMatch(
      /evals\.json:1:1: error: BMAD TEA's fragment-selection runner \(test\/eval-fragment-selection\.js\) reads only test\/evals\/<workflow>\/evals\.json/,
    );
    expect(said).toContain('(evals-json/tea-layout)');
    expect(said).not.toMatch(/add tests|rename "prompt"|foreign-format/);
  });
});

// getsentry/skillet's `.eval.yaml` was refused here as foreign; the Skillet format now reads it (its getsentry dialect).
describe("getsentry/skillet's .eval.yaml, read by the Skillet format", () => {
  // The shape of getsentry/skillet src/eval/parser.ts (443bf3d): `evals`, each case with `name`, `turns`, `checks`, `criteria`.
  const TEXT =
    'evals:\n  - name: finds the bug\n    turns:\n      - Review this diff\n    checks:\n      - output_contains: bug\n    criteria: Points out the null dereference\n    threshold: 0.7\n';

  it('named, validates and lists its case, with no foreign-format refusal and no hint to rewrite it', async () => {
    const path = join(dir, 'skill', 'evals', 'review.eval.yaml');
    writeFileSync(path, TEXT);
    const io = captureIO(dir);
    expect(await main(['validate', path], io)).toBe(0);
    expect(io.out() + io.err()).not.toMatch(/foreign-format|does not read yet|add tests/);
    const listed = captureIO(dir);
    expect(await main(['list', '--json', path], listed)).toBe(0);
    const [suite] = JSON.parse(listed.out()).suites;
    expect(suite.format).toBe('skillet');
    expect(suite.cases.map((c: { id: string; source: { dialect: string } }) => [c.id, c.source.dialect])).toEqual([
      ['finds the bug', 'getsentry'],
    ]);
    expect(suite.cases[0].checks.map((c: { role: string; type: string }) => `${c.role}:${c.type}`)).toEqual([
      'gate:contains',
      'check:llm-rubric',
    ]);
  });

  it('found by a folder scan of the skill, by its name *.eval.yaml as skillet finds it', async () => {
    writeFileSync(join(dir, 'skill', 'evals', 'review.eval.yaml'), TEXT);
    const io = captureIO(dir);
    expect(await main(['list', '--json', 'skill'], io)).toBe(0);
    const files = JSON.parse(io.out()).suites.map((s: { file: string; format: string }) => `${s.format} ${s.file}`);
    expect(files).toContain('skillet skill/evals/review.eval.yaml');
  });
});
