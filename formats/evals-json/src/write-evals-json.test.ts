import { readFileSync } from 'node:fs';
import type { Case } from '@skill-eval/core';
import { corpusFiles, corpusPath } from '@skill-eval/testing/corpus';
import { describe, expect, it } from 'vitest';
import { loadEvalsJson } from './load-evals-json.js';
import { writeEvalsJson } from './write-evals-json.js';

/** What a round trip must keep. */
const shape = (c: Case) => ({
  id: c.id,
  name: c.name,
  kind: c.kind,
  turns: c.turns,
  reference: c.reference,
  shouldTrigger: c.shouldTrigger,
  checks: c.checks.map((k) => ({ type: k.type, value: k.value, negate: k.negate ?? false })),
  timeout: c.limits.timeoutSeconds,
  files: c.workspace.files.map((f) => f.to),
  missingFiles: c.workspace.missingFiles,
  metadata: c.metadata,
});

const files = ['agent-skills-evals-json/', 'bmad-evals-json/', 'bmad-cases-json/']
  .flatMap((folder) => corpusFiles(folder))
  .filter((file) => file.endsWith('.json'));

describe('writeEvalsJson', () => {
  it.each(files.map((f) => [f, corpusPath(f)]))('round-trips %s', (_name, file) => {
    const original = loadEvalsJson(file, readFileSync(file, 'utf8'), { missingFiles: 'warning' }).suites[0]!;
    const written = writeEvalsJson(original);
    // Written beside the original, so `files` resolve against the same skill root.
    const reread = loadEvalsJson(file, written.files[0]!.text, { missingFiles: 'warning' });
    expect(reread.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // Only BMAD's generation-1 evals.json holds a timeout: written from another dialect it would read as BMAD's
    // and start every case from a copy of the project, so it is left out, and said.
    const bmadOne = original.settings.dialect === 'bmad-1';
    const kept = (c: Case) => ({ ...shape(c), timeout: bmadOne ? c.limits.timeoutSeconds : undefined });
    expect(reread.suites[0]!.cases.map(shape)).toEqual(original.cases.map(kept));
    const timed = original.cases.filter((c) => !bmadOne && c.limits.timeoutSeconds !== undefined);
    expect(written.lost.filter((line) => /: timeout \d+s/.test(line))).toHaveLength(timed.length);
    // A case that starts from a copy of the project by where its file sits (an evals/…/<skill>/ folder) does not
    // when written as a skill's evals/evals.json: said too.
    const copied = original.cases.filter((c) => !bmadOne && c.workspace.project);
    expect(written.lost.filter((line) => line.includes('workspace starts from a copy'))).toHaveLength(copied.length);
    // Top-level extras (BMAD's _design_notes) too.
    expect(reread.suites[0]!.settings.metadata).toEqual(original.settings.metadata);
    // Only object assertions lose something (their name and type): each is listed once.
    const raw = JSON.parse(readFileSync(file, 'utf8')) as { evals?: Record<string, unknown>[] };
    const objects = (raw.evals ?? []).flatMap((item) =>
      [item.assertions, item.expectations].flatMap((list) =>
        Array.isArray(list) ? list.filter((a) => typeof a === 'object') : [],
      ),
    ) as { name: string }[];
    expect(written.lost.filter((line) => !/: timeout \d+s|workspace starts from a copy/.test(line))).toEqual(
      objects.map((a) =>
        expect.stringMatching(new RegExp(`^case \\S+: assertion "${a.name}" is written as its text only`)),
      ),
    );
  });

  it('keeps every files entry, those missing when read too (bmad-project-context names 137, none staged)', () => {
    const file = corpusPath(
      'bmad-cases-json/bmad-code-org-BMAD-METHOD/src/bmm-skills/plan/bmad-project-context/evals/cases.json',
    );
    const raw = JSON.parse(readFileSync(file, 'utf8')) as { cases: { files?: string[] }[] };
    const original = loadEvalsJson(file, readFileSync(file, 'utf8')).suites[0]!;
    const written = JSON.parse(writeEvalsJson(original).files[0]!.text) as { evals: { files?: string[] }[] };
    const named = raw.cases.flatMap((c) => c.files ?? []);
    expect(named.length).toBeGreaterThan(100);
    expect(written.evals.flatMap((e) => e.files ?? [])).toEqual(named);
  });

  it('writes a numeric id as a number only when it reads back as the same id', () => {
    const file = corpusPath(files[0]!);
    const suite = loadEvalsJson(file, readFileSync(file, 'utf8'), { missingFiles: 'warning' }).suites[0]!;
    const ids = ['7', '007', '0', '12345678901234567890', 'a1'];
    const changed = { ...suite, cases: ids.map((id) => ({ ...suite.cases[0]!, id, rawId: id, name: id })) };
    const written = JSON.parse(writeEvalsJson(changed).files[0]!.text) as { evals: { id: unknown }[] };
    expect(written.evals.map((e) => e.id)).toEqual([7, '007', 0, '12345678901234567890', 'a1']);
    const reread = loadEvalsJson(file, writeEvalsJson(changed).files[0]!.text, { missingFiles: 'warning' });
    expect(reread.suites[0]!.cases.map((c) => c.id)).toEqual(ids);
  });

  it('lists what an evals.json cannot hold instead of dropping it', () => {
    const file = corpusPath(files[0]!);
    const suite = loadEvalsJson(file, readFileSync(file, 'utf8'), { missingFiles: 'warning' }).suites[0]!;
    const first = suite.cases[0]!;
    const changed = {
      ...suite,
      cases: [
        {
          ...first,
          turns: ['one', 'two'],
          gates: [{ type: 'contains', value: 'x' }],
          checks: [...first.checks, { type: 'regex', value: 'a+' }],
          workspace: { ...first.workspace, setup: ['make'] },
        },
      ],
    };
    expect(writeEvalsJson(changed).lost).toEqual([
      `case ${first.id}: multi-turn prompt (2 turns); only the first is kept`,
      `case ${first.id}: checks regex`,
      `case ${first.id}: gates (contains)`,
      `case ${first.id}: setup/teardown commands`,
    ]);
  });
});
