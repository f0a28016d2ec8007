import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CORPUS_DIR, corpusFileOrSkip, corpusPath, isReferenceOnly } from '@skill-eval/testing/corpus';
import { describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { REPO_ROOT } from '../test-support/paths.js';

interface Listed {
  suites: { file: string; format: string; cases: { kind: string }[] }[];
  diagnostics: { severity: string; file: string; line: number | null; column: number | null; message: string }[];
}

async function list(cwd: string, ...paths: string[]): Promise<{ code: number; json: Listed }> {
  const io = captureIO(cwd);
  const code = await main(['list', '--json', ...paths], io);
  return { code, json: JSON.parse(io.out()) as Listed };
}

/** Every corpus file that loads: format, case count and kinds, as each file's own tool would read it. */
const EXPECTED = [
  [
    'agent-skills-evals-json/EntityProcess-agentv/examples/features/agent-skills-evals/csv-analyzer.evals.json',
    'evals-json',
    2,
    'trigger',
  ],
  [
    'agent-skills-evals-json/EntityProcess-agentv/examples/features/agent-skills-evals/evals.json',
    'evals-json',
    2,
    'task',
  ],
  [
    'agent-skills-evals-json/alibaba-skill-up/e2e/testdata/agent-judge-criteria/evals/evals.json',
    'evals-json',
    1,
    'task',
  ],
  ['agent-skills-evals-json/anthropics-skills/nf-core-utils-release/evals/evals.json', 'evals-json', 3, 'task'],
  ['agent-skills-evals-json/anthropics-skills/skills/bill-of-quantities/evals/evals.json', 'evals-json', 3, 'task'],
  ['agent-skills-evals-json/anthropics-skills/skills/claude-md-creator/evals/evals.json', 'evals-json', 8, 'task'],
  [
    'agent-skills-evals-json/anthropics-skills/skills/software-architecture-review/evals/evals.json',
    'evals-json',
    3,
    'task',
  ],
  // skill-selection.eval.yaml loads no test: AgentV 5 skips each over its type: rubrics, 4.42.4 each for want of input.
  [
    'agentv-eval-yaml/EntityProcess-agentv/examples/features/agent-skills-evals/csv-analyzer.EVAL.yaml',
    'agentv',
    2,
    'task+trigger',
  ],
  [
    'agentv-eval-yaml/EntityProcess-agentv/examples/features/agent-skills-evals/multi-provider-skill-use.EVAL.yaml',
    'agentv',
    4,
    'trigger',
  ],
  ['agentv-eval-yaml/EntityProcess-agentv/examples/features/rubric/evals/operators.eval.yaml', 'agentv', 1, 'task'],
  [
    'bmad-cases-json/bmad-code-org-BMAD-METHOD/src/bmm-skills/plan/bmad-project-context/evals/cases.json',
    'evals-json',
    14,
    'task',
  ],
  [
    'bmad-cases-json/bmad-code-org-BMAD-METHOD/src/bmm-skills/plan/bmad-ticket/evals/cases.json',
    'evals-json',
    9,
    'task',
  ],
  [
    'bmad-evals-json/bmad-code-org-BMAD-METHOD/evals/bmm-skills/bmad-product-brief/evals.json',
    'evals-json',
    15,
    'task',
  ],
  [
    'bmad-evals-json/bmad-code-org-BMAD-METHOD@9ef0b7f/evals/bmm-skills/bmad-product-brief/evals.json',
    'evals-json',
    8,
    'task',
  ],
  [
    'bmad-evals-json/bmad-code-org-BMAD-METHOD@c19f6cd/evals/bmm-skills/bmad-product-brief/evals.json',
    'evals-json',
    17,
    'task',
  ],
  [
    'skill-up-yaml/alibaba-skill-up/e2e/testdata/multi-turn-conversation/evals/cases/multi-turn-refinement.yaml',
    'skill-up',
    1,
    'task',
  ],
  [
    'skill-up-yaml/alibaba-skill-up/e2e/testdata/trigger-detection/evals/cases/detect-boredom.yaml',
    'skill-up',
    1,
    'task',
  ],
  ['skill-up-yaml/alibaba-skill-up/examples/code-stats/evals/cases/exclude-dependencies.yaml', 'skill-up', 1, 'task'],
  [
    'skill-up-yaml/alibaba-skill-up/skills/skill-upper/evals/cases/scaffold-with-user-simulator.yaml',
    'skill-up',
    1,
    'task',
  ],
  ['skillet-yaml/thekevinscott-skillet/evals/add-command/001-ask-expectation.yaml', 'skillet', 1, 'task'],
  ['skillet-yaml/thekevinscott-skillet/evals/add-command/004-multiturn.yaml', 'skillet', 1, 'task'],
  ['skillet-yaml/thekevinscott-skillet/evals/add-command/009-yaml-format.yaml', 'skillet', 1, 'task'],
  [
    'skillet-yaml/thekevinscott-skillet/evals/add-command/folder-suggestions/002-one-folder-close-match.yaml',
    'skillet',
    1,
    'task',
  ],
  [
    'skillet-yaml/thekevinscott-skillet/evals/add-command/folder-suggestions/006-multiple-matching-folders.yaml',
    'skillet',
    1,
    'task',
  ],
  ['skillkit-eval-md/paper-crow-skill_kit/examples/agents/neve/EVAL.md', 'eval-md', 1, 'task'],
  ['skillkit-eval-md/paper-crow-skill_kit/examples/skills/code_review/EVAL.md', 'eval-md', 2, 'task'],
  ['skillkit-eval-md/paper-crow-skill_kit/examples/skills/elixir_style/EVAL.md', 'eval-md', 2, 'task'],
  ['skillkit-eval-md/paper-crow-skill_kit/test/support/fixtures/evals/greeting/EVAL.md', 'eval-md', 1, 'task'],
  ['skillkit-eval-md/paper-crow-skill_kit/test/support/fixtures/evals/shell.eval.md', 'eval-md', 1, 'task'],
  ['skillkit-eval-md/paper-crow-skill_kit/test/support/fixtures/module_sidecar/greeter.EVAL.md', 'eval-md', 1, 'task'],
  [
    'triggers-json/anthropics-skills/skills/software-architecture-review/evals/trigger-evals.json',
    'triggers-json',
    16,
    'trigger',
  ],
  [
    'triggers-json/bmad-code-org-BMAD-METHOD/evals/bmm-skills/bmad-product-brief/triggers.json',
    'triggers-json',
    15,
    'trigger',
  ],
  [
    'triggers-json/bmad-code-org-BMAD-METHOD/src/bmm-skills/plan/bmad-project-context/evals/triggers.json',
    'triggers-json',
    10,
    'trigger',
  ],
  [
    'triggers-json/bmad-code-org-BMAD-METHOD/src/bmm-skills/plan/bmad-ticket/evals/triggers.json',
    'triggers-json',
    16,
    'trigger',
  ],
  ['triggers-json/forjd-better-writing/evals/triggers.json', 'triggers-json', 20, 'trigger'],
  ['triggers-json/mikekelly-developing-skills/evals/triggers.json', 'triggers-json', 16, 'trigger'],
];

/** Files invalid for their own tool: suites whose case files are not in the corpus. */
const INVALID = [
  'agentv-eval-yaml/EntityProcess-agentv/examples/showcase/directory-discovery/EVAL.yaml',
  'skill-up-yaml/alibaba-skill-up/examples/code-stats/evals/eval.yaml',
  'skill-up-yaml/alibaba-skill-up/skills/skill-upper/evals/eval.yaml',
];

const listed = (suites: Listed['suites']) =>
  suites.map((s) => [
    s.file.replace(/^.*corpus\//, ''),
    s.format,
    s.cases.length,
    [...new Set(s.cases.map((c) => c.kind))].join('+'),
  ]);

describe('skill-eval list --json on the whole corpus', () => {
  it('loads every file in its own format, with errors only where the file is invalid for its own tool', async () => {
    // The format folders; wild/ (whole real-world folders) has its own tests.
    const folders = readdirSync(CORPUS_DIR, { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== 'licenses' && e.name !== 'wild')
      .map((e) => join(CORPUS_DIR, e.name));
    const { code, json } = await list(REPO_ROOT, ...folders);
    expect(code).toBe(2); // the invalid files are errors, so a run would not start
    const rel = (file: string) => file.replace(/^.*corpus\//, '');
    expect(listed(json.suites)).toEqual(EXPECTED.filter(([file]) => !isReferenceOnly(file as string)));
    const errors = json.diagnostics.filter((d) => d.severity === 'error');
    expect([...new Set(errors.map((d) => rel(d.file)))]).toEqual(INVALID);
    expect(
      errors.every(
        (d) =>
          (d.line !== null && d.column !== null && /does not exist/.test(d.message)) ||
          /could be loaded/.test(d.message),
      ),
    ).toBe(true);
  }, 30_000);
});

describe('skill-eval list --json on each reference-only corpus file', () => {
  it.for(EXPECTED.filter(([file]) => isReferenceOnly(file as string)))('%s', async ([file], ctx) => {
    const { code, json } = await list(REPO_ROOT, corpusPath(corpusFileOrSkip(ctx, file as string)));
    expect(code).toBe(0);
    expect(listed(json.suites)).toEqual(EXPECTED.filter(([other]) => other === file));
    expect(json.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});

describe('a folder mixing every format with unrelated files', () => {
  it('lists exactly the eval suites', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skill-eval-mixed-'));
    const put = (path: string, text: string) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    };
    try {
      put('skill/SKILL.md', '---\nname: mixed\ndescription: A skill.\n---\nBody\n');
      put(
        'skill/evals/evals.json',
        JSON.stringify({ skill_name: 'mixed', evals: [{ id: 1, prompt: 'p', assertions: ['a'] }] }),
      );
      put('skill/evals/triggers.json', JSON.stringify([{ query: 'q', should_trigger: true }]));
      put('skill/EVAL.md', '## Greets\n\n### Prompt\n\nSay hi.\n\n### Expect\n\nA greeting.\n');
      put(
        'skill/evals/set/001-hi.yaml',
        'timestamp: 2026-01-01 10:00\nname: hi\nprompt: Say hi\nexpected: A greeting\n',
      );
      put(
        'skill/evals/eval.yaml',
        'schema_version: v1alpha1\nenvironment:\n  type: none\nengine:\n  name: claude_code\ncases:\n  files:\n    - evals/cases/one.yaml\n',
      );
      put(
        'skill/evals/cases/one.yaml',
        'id: one\ninput:\n  prompt: Say hi\njudge:\n  type: agent_judge\n  criteria:\n    - It greets\n',
      );
      put(
        'skill/checks.eval.yaml',
        'tests:\n  - id: t1\n    vars:\n      input: hi\n    assert:\n      - A greeting\nprompts:\n  - "{{ input }}"\n',
      );
      // Unrelated files that share names or shapes with eval files:
      put('README.md', '# Project\n');
      put('docs/EVAL.md', '# Evaluation report\n\nWe evaluated the model and it did fine.\n');
      put('package.json', JSON.stringify({ name: 'x', version: '1.0.0' }));
      put('tsconfig.json', '{}');
      put('config/eval.yaml', 'database:\n  host: localhost\n');
      put('.github/workflows/ci.yaml', 'on: push\njobs: {}\n');
      put('data/cases.json', JSON.stringify({ rows: [1, 2, 3] }));
      put('node_modules/pkg/evals.json', JSON.stringify({ evals: [{ prompt: 'ignored' }] }));
      const { json } = await list(dir, '.');
      expect(json.suites.map((s) => [s.file, s.format]).sort()).toEqual(
        [
          ['skill/EVAL.md', 'eval-md'],
          ['skill/checks.eval.yaml', 'agentv'],
          ['skill/evals/eval.yaml', 'skill-up'],
          ['skill/evals/evals.json', 'evals-json'],
          ['skill/evals/set/001-hi.yaml', 'skillet'],
          ['skill/evals/triggers.json', 'triggers-json'],
        ].sort(),
      );
      expect(json.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      // Look-alikes are reported, never silently skipped:
      const notes = json.diagnostics.map((d) => [d.file, d.severity]);
      expect(notes).toContainEqual(['docs/EVAL.md', 'info']);
      expect(notes).toContainEqual(['config/eval.yaml', 'info']);
      expect(notes).toContainEqual(['data/cases.json', 'info']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
