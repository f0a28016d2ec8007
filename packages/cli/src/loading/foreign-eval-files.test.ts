import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ListingSchema } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { useDemoSkillFolder } from '../test-support/demo-skill-folder.js';

// Other tools' eval files that share a name or a key with a format skill-eval reads. Taken for AgentV or for BMAD's
// cases.json, they were refused with a hint to rewrite them for that tool ("add tests:", "rename prompt to input"),
// which would break them for their own.
const FOREIGN = [
  {
    name: "getsentry/skillet's .eval.yaml",
    file: 'review.eval.yaml',
    // The shape of getsentry/skillet src/eval/parser.ts: `evals`, each case with `name`, `turns`, `checks`, `criteria`.
    text: 'evals:\n  - name: finds the bug\n    turns:\n      - Review this diff\n    checks:\n      - output_contains: bug\n    criteria: Points out the null dereference\n    threshold: 0.7\n',
    says: "getsentry/skillet's .eval.yaml",
  },
];

let dir = '';
useDemoSkillFolder('skill-eval-foreign-', (made) => {
  dir = made;
});

describe('another tool’s eval file skill-eval does not read', () => {
  it.each(FOREIGN)('$name, named, is an error that names the tool, with no hint to rewrite it', async (foreign) => {
    const path = join(dir, 'skill', 'evals', foreign.file);
    writeFileSync(path, foreign.text);
    const io = captureIO(dir);
    expect(await main(['validate', path], io)).toBe(2);
    const said = io.out() + io.err();
    expect(said).toMatch(/:1:1: error: This is .* which skill-eval does not read yet.*\(discovery\/foreign-format\)/);
    expect(said).toContain(foreign.says);
    expect(said).not.toMatch(/add tests|rename "prompt"/);
  });

  it.each(FOREIGN)('$name, found in a folder scan, is skipped with a note', async (foreign) => {
    writeFileSync(join(dir, 'skill', 'evals', foreign.file), foreign.text);
    const io = captureIO(dir);
    await main(['validate', 'skill'], io);
    expect(io.out() + io.err()).toMatch(/info: This is .* which skill-eval does not read yet/);
  });
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
