import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type Listing, ListingSchema } from '@skill-eval/core';
import { CORPUS_DIR, EXPECTATIONS_FILE } from '@skill-eval/testing/corpus';
import { describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';

/**
 * corpus/wild/<format>/<repository>/expected.json: what each file's own tool does with the folder's files (its
 * cases, ids, turns, checks, trigger flags, fixtures, diagnostics), next to the files, with a note where skill-eval
 * differs on purpose. Each folder is scanned as a user would scan it and compared. After a deliberate change,
 * `UPDATE_EXPECTED=1 pnpm vitest run packages/cli/src/commands/wild-expectations.test.ts` rewrites the files; read
 * the diff against the tool's source before committing it.
 */
const WILD = join(CORPUS_DIR, 'wild');

interface Expectation {
  /** Where the tool's behaviour was read, and the deliberate differences. */
  notes: string[];
  /** Per eval file: one line per case. */
  suites: Record<string, string[]>;
  /** `severity rule file:line` of every diagnostic. */
  diagnostics: string[];
}

/** The folders holding an expected.json, relative to corpus/wild. */
function expectationFolders(dir = WILD): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const path = join(dir, entry.name);
    if (existsSync(join(path, EXPECTATIONS_FILE))) found.push(relative(WILD, path));
    else found.push(...expectationFolders(path));
  }
  return found.sort();
}

/** One case as a line: id, kind (and trigger flag), turns, checks by role, fixtures, inline files. */
function caseLine(c: Listing['suites'][number]['cases'][number]): string {
  const kind = c.kind === 'trigger' ? `trigger:${c.shouldTrigger}` : 'task';
  const checks = c.checks.map((check) => (check.role === 'check' ? check.type : `${check.role}:${check.type}`));
  const files = [...c.workspace.files.map((f) => f.to), ...c.workspace.missingFiles.map((f) => `${f}?`)];
  const parts = [`${c.id} ${kind} turns=${c.turns.length} checks=[${checks.join(',')}]`];
  if (files.length > 0) parts.push(`files=[${files.join(',')}]`);
  if (c.workspace.inline.length > 0) parts.push(`inline=[${c.workspace.inline.join(',')}]`);
  if (c.threshold !== null) parts.push(`threshold=${c.threshold}`);
  if (c.runs !== (c.kind === 'trigger' ? 3 : 1)) parts.push(`runs=${c.runs}`);
  const simulator = c.userSimulator;
  if (simulator) {
    const writes = [
      ...simulator.respond.map((i) => `respond@${i + 1}`),
      ...(simulator.autonomous ? ['autonomous'] : []),
    ];
    parts.push(`simulated-user=[${writes.join(',')}] max-turns=${simulator.maxTurns}`);
  }
  return parts.join(' ');
}

async function observed(folder: string): Promise<Omit<Expectation, 'notes'>> {
  const cwd = join(WILD, folder);
  const io = captureIO(cwd);
  await main(['list', '--json', '.'], io);
  const listing = ListingSchema.parse(JSON.parse(io.out()));
  return {
    suites: Object.fromEntries(listing.suites.map((s) => [s.file, s.cases.map(caseLine)])),
    diagnostics: listing.diagnostics.map((d) => `${d.severity} ${d.ruleId} ${d.file}:${d.line ?? '-'}`),
  };
}

describe('corpus/wild expectations: each folder read as its own tool reads it', async () => {
  const folders = expectationFolders();

  it('covers every repository folder of corpus/wild', () => {
    expect(folders.length).toBeGreaterThanOrEqual(10);
  });

  it.each(folders)('%s', async (folder) => {
    const file = join(WILD, folder, EXPECTATIONS_FILE);
    const expected = JSON.parse(readFileSync(file, 'utf8')) as Expectation;
    const actual = await observed(folder);
    if (process.env.UPDATE_EXPECTED) {
      writeFileSync(file, `${JSON.stringify({ notes: expected.notes, ...actual }, null, 2)}\n`);
      return;
    }
    expect(expected.notes.length, `${folder}: say where the tool's behaviour was read`).toBeGreaterThan(0);
    expect(actual).toEqual({ suites: expected.suites, diagnostics: expected.diagnostics });
  });
});
