import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { type Case, caseListing, type Format, type Registry, type Suite } from '@skill-eval/core';
import { loadSuites } from '@skill-eval/runner';
import { CORPUS_DIR, corpusFiles, corpusPath } from '@skill-eval/testing/corpus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistry } from '../plugins/build-registry.js';

/** What a conversion must carry over, or report as lost. */
const shape = (c: Case) => ({
  id: c.id,
  kind: c.kind,
  turns: c.turns,
  shouldTrigger: c.shouldTrigger,
  reference: c.reference,
  system: c.system,
  checks: [c.gates, c.checks, c.failIf].map((list) =>
    list.map((k) => ({ type: k.type, value: k.value, negate: Boolean(k.negate) })),
  ),
  runs: c.runs ?? (c.kind === 'trigger' ? 3 : 1), // the planner's default, so undefined and 3 mean the same
  threshold: c.threshold,
  limits: c.limits,
  // Fixture paths as the file names them, found or not: a missing one is still the author's reference.
  fixtures: [...c.workspace.files.map((f) => f.to), ...(c.workspace.missingFiles ?? [])],
});

let registry: Registry;
let scratch: string;
beforeAll(async () => {
  ({ registry } = await buildRegistry({ engines: [], plugins: [], cwd: CORPUS_DIR }));
  scratch = mkdtempSync(join(tmpdir(), 'skill-eval-round-trip-'));
});
// Thousands of scratch folders (each format written and read back, both ways): removing them outlasts the default
// hook timeout on a loaded machine.
afterAll(() => rmSync(scratch, { recursive: true, force: true }), 120_000);

const writer = (id: string): Format => {
  const plugin = registry.format(id);
  return plugin.create(plugin.parseSettings(undefined));
};

/** Writes a suite with `format` into a fresh folder and loads it back (by detection, as a user would). */
async function writeAndLoad(
  suite: Suite,
  format: Format,
): Promise<{ suites: Suite[]; lost: string[]; errors: string[] }> {
  const result = await format.write!(suite);
  // Written paths are relative to a skill root: give them one, named as the suite's skill.
  const dir = mkdtempSync(join(scratch, `${format.id}-`));
  // Inside a repository, as a user converts: a file read as BMAD's would start each case from a copy of it.
  mkdirSync(join(dir, '.git'));
  const skillUsed = suite.cases.flatMap((c) => c.checks).find((k) => k.type === 'skill-used')?.value;
  const skillName = suite.skill?.name ?? suite.settings.skillName ?? skillUsed ?? 'skill';
  writeFileSync(join(dir, 'SKILL.md'), `---\nname: ${String(skillName)}\ndescription: Round-trip stand-in.\n---\n`);
  for (const file of result.files) {
    mkdirSync(dirname(join(dir, file.path)), { recursive: true });
    writeFileSync(join(dir, file.path), file.text);
  }
  const loaded = await loadSuites(
    result.files.map((f) => f.path),
    registry,
    { cwd: dir },
  );
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
  return { suites: loaded.suites, lost: result.lost, errors };
}

describe('converting every corpus file to each other format and back', async () => {
  const { registry: all } = await buildRegistry({ engines: [], plugins: [], cwd: CORPUS_DIR });
  const writable = all.formats.map((p) => p.create(p.parseSettings(undefined))).filter((f) => f.write);

  it.each(corpusFiles())('%s', async (file) => {
    const path = corpusPath(file);
    const { suites } = await loadSuites([path], registry, { cwd: path.slice(0, -file.length) });
    for (const original of suites) {
      const source = writer(original.format);
      if (!source.write) continue;
      for (const target of writable) {
        const there = await writeAndLoad(original, target);
        const mentioned = (c: Case) => there.lost.some((line) => line.includes(c.id));
        if (there.errors.length) {
          // A target that can hold none of the cases writes nothing readable; then every case must be reported.
          expect(
            original.cases.filter((c) => !mentioned(c)).map((c) => c.id),
            `${target.id} wrote files it cannot read back: ${there.errors.join('; ')}`,
          ).toEqual([]);
          continue;
        }
        const back = await Promise.all(there.suites.map((s) => writeAndLoad(s, source)));
        const lost = [...there.lost, ...back.flatMap((b) => b.lost)];
        const returned = new Map(back.flatMap((b) => b.suites.flatMap((s) => s.cases)).map((c) => [c.id, c]));
        for (const before of original.cases) {
          const after = returned.get(before.id);
          const same = after && JSON.stringify(shape(after)) === JSON.stringify(shape(before));
          if (!same) {
            // A difference is allowed only where the conversion said what it could not carry.
            expect(
              lost.some((line) => line.includes(before.id)),
              `${original.format} → ${target.id} → ${original.format} changed case ${before.id} without saying so:\n${JSON.stringify({ before: shape(before), after: after && shape(after), lost }, null, 1)}`,
            ).toBe(true);
          }
        }
      }
    }
  });
});

/**
 * A case as it runs (`list --json`), where a conversion must not change it: its id, kind, turns, checks, and
 * workspace (whether it starts from a copy of the project, the fixtures where the case puts them, overlays, inline
 * files, commands, artifacts, git steps).
 */
function compiled(c: Case) {
  const l = caseListing(c, '/');
  const w = l.workspace;
  return {
    id: l.id,
    kind: l.kind,
    shouldTrigger: l.shouldTrigger,
    turns: l.turns,
    checks: l.checks.map((k) => ({ role: k.role, type: folded(k), value: k.value, negate: Boolean(k.negate) })),
    workspace: {
      projectCopy: w.project !== null,
      fixtures: [...w.files.map((f) => f.to), ...w.missingFiles],
      overlays: w.overlays.length,
      inline: w.inline,
      setup: w.setup,
      teardown: w.teardown,
      artifacts: w.artifacts,
      git: w.git && { ...w.git, applyDiff: w.git.applyDiff !== null },
    },
  };
}

/** A check's type, case folding written either way (Skillet's `contains` reads as `icontains`). */
const folded = (k: { type: string; caseSensitive?: unknown }) =>
  k.type === 'contains' && k.caseSensitive === false ? 'icontains' : k.type;

/** Whether a `lost` line speaks of the case `id` (each writer labels it `case <id>`, `case "<id>"` or `case <n> (<id>)`). */
const speaksOf = (line: string, id: string) =>
  line.startsWith(`case ${id}:`) || line.startsWith(`case "${id}"`) || line.includes(`(${id}):`);

const REPOSITORY = join(CORPUS_DIR, '..');

/** Every corpus file and every example skill's folder (its eval files, found as a user's run finds them). */
const sources = (): string[] => [
  ...corpusFiles().map((file) => relative(REPOSITORY, corpusPath(file))),
  ...readdirSync(join(REPOSITORY, 'examples'))
    .filter((name) => existsSync(join(REPOSITORY, 'examples', name, 'SKILL.md')))
    .map((name) => `examples/${name}`),
];

describe('converting changes nothing of what runs, or says what it changed', async () => {
  const built = await buildRegistry({ engines: [], plugins: [], cwd: CORPUS_DIR });
  const writable = built.registry.formats.map((p) => p.create(p.parseSettings(undefined))).filter((f) => f.write);

  it.each(sources())('%s', async (source) => {
    const path = join(REPOSITORY, source);
    const { suites } = await loadSuites([path], registry, { cwd: dirname(path) });
    for (const original of suites) {
      for (const target of writable) {
        const there = await writeAndLoad(original, target);
        if (there.errors.length) continue; // the round trip above holds such a target to account
        const converted = new Map(there.suites.flatMap((s) => s.cases).map((c) => [c.id, c]));
        for (const before of original.cases) {
          const after = converted.get(before.id);
          const same = after && JSON.stringify(compiled(after)) === JSON.stringify(compiled(before));
          if (same) continue;
          expect(
            there.lost.some((line) => speaksOf(line, before.id)),
            `${original.format} → ${target.id} changed case ${before.id} without saying so:\n${JSON.stringify({ before: compiled(before), after: after && compiled(after), lost: there.lost }, null, 1)}`,
          ).toBe(true);
        }
      }
    }
  });
});
