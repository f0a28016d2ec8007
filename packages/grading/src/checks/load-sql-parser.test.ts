import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { normalizeCheck } from '@skill-eval/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeCase, makeSession } from '../test-support/fixtures.js';
import { runCheck } from './run-check.js';
import { findSqlParserWith } from './sql-parser-finder.js';

// A project's node_modules came with the project: a node-sql-parser planted there is its code, which an is-sql check
// graded in that project (the working directory of the run) must never import into the harness.

let project: string;
let marker: string;
const startedIn = process.cwd();

beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), 'skill-eval-sql-project-'));
  marker = join(project, 'planted-parser-ran');
  const planted = join(project, 'node_modules', 'node-sql-parser');
  mkdirSync(planted, { recursive: true });
  writeFileSync(join(planted, 'package.json'), JSON.stringify({ name: 'node-sql-parser', version: '5.4.0' }));
  writeFileSync(
    join(planted, 'index.js'),
    `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran');\n` +
      'class Parser { astify() { return {}; } whiteListCheck() {} }\nmodule.exports = { Parser };\n',
  );
  process.chdir(project);
});

afterEach(() => {
  process.chdir(startedIn);
  findSqlParserWith();
  rmSync(project, { recursive: true, force: true });
});

const gradeIsSql = (finalMessage: string) =>
  runCheck(normalizeCheck({ type: 'is-sql' }), 'check', {
    testCase: makeCase(),
    session: makeSession({ finalMessage }),
    workspace: project,
  });

describe('node-sql-parser for SQL checks', () => {
  it('is never loaded from the project when skill-eval has none: the check errors, saying what to install', async () => {
    findSqlParserWith(async () => undefined);
    const { verdict, error } = await gradeIsSql('SELEC nothing');

    expect(existsSync(marker)).toBe(false);
    expect(verdict.passed).toBe(false);
    expect(error?.message).toContain('SQL checks need the node-sql-parser package where skill-eval is installed');
    expect(error?.message).toContain('npm install --global node-sql-parser');
    expect(error?.message).toContain('A node-sql-parser of the project under evaluation is never loaded');
  });

  it('is the one beside skill-eval, not the project’s, when both are there', async () => {
    const { verdict, error } = await gradeIsSql('SELEC nothing');

    expect(existsSync(marker)).toBe(false);
    expect(error).toBeUndefined();
    expect(verdict.evidence).toContain('not valid MySQL SQL');
  });
});
