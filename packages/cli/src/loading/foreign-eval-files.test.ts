import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
  {
    name: "BMAD TEA's evals.json",
    file: 'evals.json',
    text: '{"workflow": "test-design", "contextFiles": ["docs/a.md"], "cases": [{"id": "c1", "prompt": "Design tests", "repoFacts": [], "expect": {"mustLoad": ["docs/a.md"], "mustNotLoad": []}}]}\n',
    says: "BMAD test architecture's (TEA) evals.json",
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
