import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createRegistry, defineFormat, parseCase } from '@skill-eval/core';
import { bmadProjectRoot } from '@skill-eval/format-kit';
import { describe, expect, it } from 'vitest';
import { loadSuites } from './discover.js';
import { useTempTree, writeTree } from './test-support/fixtures.js';

// BMAD's discovery of a skill's evals (bmad-eval-runner SKILL.md "On activation" 6, references/eval-formats.md "Where
// evals can live"): --evals, <skill>/evals/, <skill>/../../evals/<name>/, <project>/evals/<name>/, then
// <project>/evals/**/<name>/, the first place holding evals winning; the evals found run with that skill.

/** Claims evals.json and triggers.json; a suite per file with one case, no skill of its own (as BMAD's layout has). */
const jsonFormat = defineFormat({
  contract: 'format-v1',
  id: 'fake-json',
  description: 'fake',
  parseSettings: () => ({}),
  create: () => ({
    id: 'fake-json',
    filePatterns: ['evals.json', 'triggers.json'],
    detect: () => 0.9,
    load: (file) => ({
      suites: [
        {
          id: 'x',
          name: 'product-brief',
          file,
          format: 'fake-json',
          settings: { skillName: 'product-brief' },
          cases: [
            parseCase({
              id: 'q1',
              name: 'q1',
              kind: 'trigger',
              turns: ['write a brief'],
              checks: [{ type: 'skill-used', value: 'product-brief' }],
              source: { file, format: 'fake-json' },
            }),
          ],
        },
      ],
      diagnostics: [{ severity: 'warning', ruleId: 'evals-json/no-skill', file, message: 'No SKILL.md above' }],
    }),
  }),
});
const registry = createRegistry({ formats: [jsonFormat] });

const SKILL = '---\nname: bmad-product-brief\ndescription: Writes product briefs.\n---\n# Brief\n';

describe("BMAD's discovery of a skill's evals", () => {
  const tree = useTempTree({
    'proj/.git/HEAD': 'ref: refs/heads/main\n',
    'proj/src/bmm/product-brief/SKILL.md': SKILL,
    'proj/evals/bmm/product-brief/evals.json': '{}',
    'proj/evals/bmm/product-brief/triggers.json': '[]',
  });
  const load = (paths: string[], evals?: string) =>
    loadSuites(paths, registry, { cwd: tree.dir, ...(evals ? { evals } : {}) });

  it('finds <project>/evals/**/<name>/ when nothing nearer holds evals, runs both files and ties them to the skill', async () => {
    const { suites, diagnostics } = await load(['proj/src/bmm/product-brief']);
    expect(suites.map((s) => s.file)).toEqual([
      join(tree.dir, 'proj/evals/bmm/product-brief/evals.json'),
      join(tree.dir, 'proj/evals/bmm/product-brief/triggers.json'),
    ]);
    const skillDir = join(tree.dir, 'proj/src/bmm/product-brief');
    for (const suite of suites) {
      expect(suite.skill).toEqual({ name: 'bmad-product-brief', dir: skillDir });
      // The case stages the skill, and the check names it as its SKILL.md does, not as the folder guessed it.
      expect(suite.cases[0]!.skills).toEqual([{ name: 'bmad-product-brief', dir: skillDir }]);
      expect(suite.cases[0]!.checks).toEqual([{ type: 'skill-used', value: 'bmad-product-brief' }]);
    }
    expect(diagnostics.map((d) => d.ruleId)).toEqual(['discovery/skill-evals']);
    expect(diagnostics[0]!.message).toContain('<project>/evals/**/<skill-name>/');
  });

  it('takes the first place in BMAD order that holds evals', async () => {
    const places: [string, string][] = [
      ['proj/evals/product-brief/evals.json', '<project>/evals/<skill-name>/'],
      ['proj/src/evals/product-brief/evals.json', '<skill>/../../evals/<skill-name>/'],
      ['proj/src/bmm/product-brief/evals/evals.json', ''],
    ];
    for (const [file, place] of places) {
      await writeTree(tree.dir, { [file]: '{}' });
      const { suites, diagnostics } = await load(['proj/src/bmm/product-brief']);
      expect(suites.map((s) => s.file)).toEqual([join(tree.dir, file)]);
      // Evals inside the skill's folder are found by the folder's own scan: no note, and the file's own skill.
      if (place) expect(diagnostics.find((d) => d.ruleId === 'discovery/skill-evals')?.message).toContain(place);
      else expect(diagnostics.map((d) => d.ruleId)).toEqual(['evals-json/no-skill']);
    }
    for (const [file] of places) await rm(join(tree.dir, file));
  });

  it('--evals names the place itself: a folder or one file', async () => {
    await writeTree(tree.dir, { 'elsewhere/set/evals.json': '{}', 'elsewhere/set/triggers.json': '[]' });
    const folder = await load(['proj/src/bmm/product-brief'], 'elsewhere/set');
    expect(folder.suites).toHaveLength(2);
    expect(folder.suites.every((s) => s.skill?.name === 'bmad-product-brief')).toBe(true);
    const file = await load(['proj/src/bmm/product-brief'], 'elsewhere/set/triggers.json');
    expect(file.suites.map((s) => s.file)).toEqual([join(tree.dir, 'elsewhere/set/triggers.json')]);
  });

  it('--evals without a skill folder, or naming nothing, is an error that says what to give', async () => {
    const noSkill = await load(['proj/evals'], 'proj/evals/bmm/product-brief');
    expect(noSkill.diagnostics.find((d) => d.severity === 'error')?.message).toMatch(
      /--evals names the evals of a skill: give the skill's folder/,
    );
    const nothing = await load(['proj/src/bmm/product-brief'], 'proj/nowhere');
    expect(nothing.diagnostics.find((d) => d.severity === 'error')?.ruleId).toBe('discovery/not-found');
  });

  it('finds the project root as BMAD does: the nearest folder holding _bmad/ or .git', async () => {
    await writeTree(tree.dir, { 'proj/src/_bmad/config.yaml': 'x: 1' });
    expect(bmadProjectRoot(join(tree.dir, 'proj/src/bmm/product-brief'))).toBe(join(tree.dir, 'proj/src'));
    await rm(join(tree.dir, 'proj/src/_bmad'), { recursive: true });
    expect(bmadProjectRoot(join(tree.dir, 'proj/src/bmm/product-brief'))).toBe(join(tree.dir, 'proj'));
  });
});
