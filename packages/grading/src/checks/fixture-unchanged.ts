import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { type FixtureFile, SkillEvalError } from '@skill-eval/core';
import { isRefusal, readAgentFile } from '@skill-eval/engine-kit/agent-files';
import type { CheckEvaluator } from './check-evaluator.js';
import { stringListValue } from './check-value.js';
import { firstDifference } from './golden-file.js';
import { workspacePath } from './workspace-path.js';

/** One fixture file: where it came from and where it was staged, relative to the workspace. */
interface StagedFile {
  from: string;
  to: string;
}

/** Every file a fixture staged: the file itself, or each file below a fixture folder. */
async function stagedFiles(fixture: FixtureFile): Promise<StagedFile[]> {
  const info = await stat(fixture.from).catch(() => undefined);
  if (!info?.isDirectory()) return [{ from: fixture.from, to: fixture.to }];
  const entries = await readdir(fixture.from, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const rel = path.relative(fixture.from, path.join(entry.parentPath, entry.name));
      return { from: path.join(fixture.from, rel), to: path.posix.join(fixture.to, rel.split(path.sep).join('/')) };
    })
    .sort((a, b) => (a.to < b.to ? -1 : 1));
}

const inside = (child: string, parent: string) => child === parent || child.startsWith(`${parent.replace(/\/$/, '')}/`);

/**
 * The case's fixtures (its `files`) are in the workspace as they were staged: BMAD's fixtures are read-only inputs
 * that assertions may check the skill did not modify. `value` names the fixtures (or files inside a fixture folder)
 * to check, by their path in the workspace; without it, every fixture. A modified or deleted file fails the check.
 */
export const fixtureUnchanged: CheckEvaluator = async (check, { testCase, workspace }) => {
  const fixtures = testCase.workspace.files;
  if (fixtures.length === 0) {
    throw new SkillEvalError(
      'BAD_INPUT',
      'fixture-unchanged: the case stages no fixtures, so there is nothing to check',
      {
        hint: 'name the fixtures in the case’s "files", or remove the check',
      },
    );
  }
  const staged = (await Promise.all(fixtures.map(stagedFiles))).flat();
  const named = check.value === undefined || check.value === null ? undefined : stringListValue(check);
  const chosen = named
    ? named.flatMap((name) => {
        const wanted = path.posix.normalize(name.replaceAll('\\', '/')).replace(/^\.\//, '');
        const files = staged.filter((file) => inside(file.to, wanted));
        if (files.length === 0) {
          throw new SkillEvalError('BAD_INPUT', `fixture-unchanged: "${name}" is not one of the case's fixtures`, {
            hint: `its fixtures are: ${fixtures.map((f) => f.to).join(', ')}`,
          });
        }
        return files;
      })
    : staged;
  const unchanged: string[] = [];
  const changed: string[] = [];
  const deleted: string[] = [];
  for (const file of chosen) {
    const original = await readFile(file.from);
    workspacePath(check, workspace, file.to);
    const read = await readAgentFile(workspace, file.to);
    if (isRefusal(read)) {
      // A link or a FIFO in the fixture's place is a change; its target is never read.
      if (read.refused === 'missing') deleted.push(file.to);
      else changed.push(`${file.to} (${read.message})`);
      continue;
    }
    const now = read.bytes;
    if (now.equals(original)) unchanged.push(file.to);
    else {
      const where = firstDifference(now.toString('utf8'), original.toString('utf8'));
      changed.push(where ? `${file.to} (${where})` : file.to);
    }
  }
  const evidence = [
    changed.length ? `modified: ${changed.join('; ')}` : '',
    deleted.length ? `deleted: ${deleted.join(', ')}` : '',
    unchanged.length ? `unchanged: ${unchanged.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return { passed: changed.length + deleted.length === 0, evidence };
};
