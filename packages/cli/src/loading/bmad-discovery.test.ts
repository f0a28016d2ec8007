import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { readCorpus } from '@skill-eval/testing/corpus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';

// Pointing skill-eval at a BMAD skill folder finds its evals as BMAD's runner does — here BMAD-METHOD's own
// product-brief suite (corpus, MIT), kept in <project>/evals/bmm-skills/bmad-product-brief/, apart from the skill — and
// runs both its evals.json and its triggers.json with that skill, unless --mode narrows it.

const BRIEF = 'evals/bmm-skills/bmad-product-brief';

interface Listed {
  suites: { file: string; format: string; skill: string | null; cases: { id: string; kind: string }[] }[];
  diagnostics: { severity: string; ruleId: string; message: string }[];
}

describe('a BMAD skill folder', () => {
  let project: string;
  const skill = () => join(project, 'src/bmm-skills/plan/bmad-product-brief');

  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), 'bmad-project-'));
    const files: Record<string, string> = {
      '.git/HEAD': 'ref: refs/heads/main\n',
      'src/bmm-skills/plan/bmad-product-brief/SKILL.md':
        '---\nname: bmad-product-brief\ndescription: Create or update product briefs.\n---\n# Product brief\n',
      [`${BRIEF}/evals.json`]: readCorpus(`bmad-evals-json/bmad-code-org-BMAD-METHOD/${BRIEF}/evals.json`),
      [`${BRIEF}/triggers.json`]: readCorpus(`triggers-json/bmad-code-org-BMAD-METHOD/${BRIEF}/triggers.json`),
    };
    // The fixtures its evals name (the corpus keeps the eval files only).
    for (const fixture of [
      'q2-brainstorm.md',
      'branfield-memo.md',
      'meridian-mobility-report.md',
      'pantry-bridge-interviews.md',
      ...['brief.md', 'addendum.md', 'decision-log.md'].flatMap((f) => [`mossridge-brief/${f}`, `forkbird-brief/${f}`]),
    ])
      files[`${BRIEF}/files/${fixture}`] = `# ${fixture}\n`;
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(dirname(join(project, rel)), { recursive: true });
      writeFileSync(join(project, rel), text);
    }
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  const list = async (...args: string[]) => {
    const io = captureIO(project);
    const code = await main(['list', '--json', ...args], io);
    return { code, json: JSON.parse(io.out()) as Listed };
  };

  it('finds <project>/evals/**/<skill-name>/ and runs evals.json and triggers.json with the skill', async () => {
    const { code, json } = await list(skill());
    expect(code).toBe(0);
    expect(json.suites.map((s) => [s.file, s.format, s.skill, s.cases.length])).toEqual([
      [`${BRIEF}/evals.json`, 'evals-json', 'bmad-product-brief', 15],
      [`${BRIEF}/triggers.json`, 'triggers-json', 'bmad-product-brief', 15],
    ]);
    // Found where BMAD finds it, and no warning that the files sit under no SKILL.md.
    const rules = json.diagnostics.map((d) => d.ruleId);
    expect(rules).toContain('discovery/skill-evals');
    expect(rules).not.toContain('evals-json/no-skill');
    expect(rules).not.toContain('triggers-json/skill-from-folder');
    expect(json.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
  });

  it('--mode narrows the run to the trigger or the task cases', async () => {
    const triggers = await list(skill(), '--mode', 'trigger');
    expect(triggers.json.suites.map((s) => s.file)).toEqual([`${BRIEF}/triggers.json`]);
    const artifacts = await list(skill(), '--mode', 'artifact');
    expect(artifacts.json.suites.map((s) => s.file)).toEqual([`${BRIEF}/evals.json`]);
    expect(artifacts.json.suites[0]!.cases.every((c) => c.kind === 'task')).toBe(true);
  });

  it('--evals names another place, and a skill with its own evals/ folder keeps those', async () => {
    const elsewhere = join(project, 'other-evals');
    mkdirSync(elsewhere, { recursive: true });
    copyFileSync(join(project, BRIEF, 'triggers.json'), join(elsewhere, 'triggers.json'));
    const named = await list(skill(), '--evals', 'other-evals');
    expect(named.json.suites.map((s) => [s.file, s.skill])).toEqual([
      ['other-evals/triggers.json', 'bmad-product-brief'],
    ]);

    const own = join(skill(), 'evals');
    mkdirSync(own, { recursive: true });
    writeFileSync(
      join(own, 'triggers.json'),
      JSON.stringify([{ query: 'write me a product brief', should_trigger: true }]),
    );
    try {
      const { json } = await list(skill());
      expect(json.suites.map((s) => [s.file, s.cases.length])).toEqual([
        ['src/bmm-skills/plan/bmad-product-brief/evals/triggers.json', 1],
      ]);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});
