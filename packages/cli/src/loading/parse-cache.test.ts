import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeYamlSnapshot } from '@skill-eval/format-kit';
import { createFolderYamlStore } from '@skill-eval/runner/loading';
import { CORPUS_DIR } from '@skill-eval/testing/corpus';
import { afterAll, describe, expect, it } from 'vitest';
import { LineCounter, parseDocument } from 'yaml';
import { CLI_BIN } from '../test-support/paths.js';

// The parse cache is the fast path of every command that loads eval files: held here to the slow one. Each command is
// its own process, as a user's are (in one process a text parsed once is not parsed again anyway).
const root = mkdtempSync(join(tmpdir(), 'parse-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const project = join(root, 'project');
const userCache = join(root, 'user-cache');
const snapshots = join(userCache, 'skill-eval', 'yaml');
// Files of every YAML format, and a few hundred from the wild, copied into the project: they are its own.
for (const folder of ['agentv-eval-yaml', 'skill-up-yaml', 'skillet-yaml', 'skillkit-eval-md', 'wild/skill-up-yaml']) {
  cpSync(join(CORPUS_DIR, folder), join(project, 'corpus', folder), { recursive: true });
}

function skillEval(...args: string[]) {
  const result = spawnSync(process.execPath, [CLI_BIN, ...args], {
    cwd: project,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, XDG_CACHE_HOME: userCache },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const entries = (dir = snapshots) =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true })
        .filter((f) => String(f).includes('/'))
        .map(String)
    : [];

/** A case file whose prompt is `input`. */
const caseFile = (input: string) =>
  `tests:\n  - id: one\n    input: ${input}\n    assertions:\n      - type: contains\n        value: x\n`;

describe('the parse cache', () => {
  it('changes nothing that list and validate say, and is kept in the user’s cache folder, not the project', () => {
    const parsed = {
      list: skillEval('list', '--json', 'corpus', '--no-parse-cache'),
      validate: skillEval('validate', 'corpus', '--no-parse-cache'),
    };
    expect(entries(), '--no-parse-cache keeps nothing').toEqual([]);
    expect(JSON.parse(parsed.list.stdout).suites.length).toBeGreaterThan(20);

    const first = { list: skillEval('list', '--json', 'corpus'), validate: skillEval('validate', 'corpus') };
    const kept = entries().length;
    expect(kept, 'the first load keeps its documents').toBeGreaterThan(50);
    const again = { list: skillEval('list', '--json', 'corpus'), validate: skillEval('validate', 'corpus') };
    expect(entries().length, 'a second load has nothing new to keep').toBe(kept);
    expect(existsSync(join(project, '.skill-eval')), 'nothing in the project').toBe(false);

    for (const run of [first, again]) {
      expect(run.list).toEqual(parsed.list);
      expect(run.validate).toEqual(parsed.validate);
    }
  }, 120_000);

  it('parses a file again once it changes, and a damaged entry is parsed past', () => {
    const file = join(project, 'corpus', 'edited.eval.yaml');
    writeFileSync(file, caseFile('first'));
    expect(skillEval('list', '--json', file).stdout).toContain('"first"');
    writeFileSync(file, caseFile('second'));
    expect(skillEval('list', '--json', file).stdout).toContain('"second"');
    // Every entry damaged: a load parses every file, and says the same as a load that read none.
    for (const entry of entries()) {
      const path = join(snapshots, entry);
      writeFileSync(path, readFileSync(path, 'utf8').replace(/"nodes":\[/, '"nodes":[9,'));
    }
    expect(skillEval('list', '--json', 'corpus/skillet-yaml')).toEqual(
      skillEval('list', '--json', 'corpus/skillet-yaml', '--no-parse-cache'),
    );
    rmSync(file);
  }, 120_000);

  it('takes no document a project planted: not in its own .skill-eval, nor in a folder its .env names', () => {
    const dir = join(project, 'planted');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'reviewed.eval.yaml');
    const reviewed = caseFile('the prompt a reviewer read');
    const swapped = caseFile('a prompt nobody reviewed!!');
    expect(swapped.length).toBe(reviewed.length);
    writeFileSync(file, reviewed);
    // An entry for the reviewed text that rebuilds the other one, where a project could put it.
    const lineCounter = new LineCounter();
    const snapshot = encodeYamlSnapshot(parseDocument(swapped, { lineCounter }), lineCounter, swapped.length)!;
    for (const folder of [join(project, '.skill-eval', 'cache', 'yaml'), join(dir, 'cache', 'skill-eval', 'yaml')]) {
      const store = createFolderYamlStore(folder);
      store.put(reviewed, snapshot);
      store.flush();
    }
    writeFileSync(join(project, '.env'), `XDG_CACHE_HOME=${join(dir, 'cache')}\n`);
    try {
      const listed = skillEval('list', '--json', file);
      expect(listed.stdout).toContain('the prompt a reviewer read');
      expect(listed.stdout).not.toContain('nobody reviewed');
      // A run gives its agent the prompt of the file, and records that one.
      const out = join(root, 'planted-run');
      skillEval('run', file, '-e', 'command', '--ek', 'command=true', '-q', '-o', out);
      const written = readdirSync(out, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))
        .join('\n');
      expect(written).toContain('the prompt a reviewer read');
      expect(written).not.toContain('nobody reviewed');
    } finally {
      rmSync(join(project, '.env'));
    }
  }, 120_000);

  it('keeps what a run parsed once it starts, and nothing of a run that an error stops before it starts', () => {
    const dir = join(project, 'stopped');
    mkdirSync(dir, { recursive: true });
    const kept = entries().length;
    writeFileSync(join(dir, 'fine.eval.yaml'), caseFile('a new case, fine'));
    writeFileSync(join(dir, 'broken.eval.yaml'), 'tests:\n  - id: [unclosed\n');
    const said = skillEval('run', dir, '-e', 'command', '--ek', 'command=cat', '-q');
    expect(said.status).toBe(2);
    expect(said.stderr).toContain('nothing was written');
    expect(entries().length).toBe(kept);
    rmSync(join(dir, 'broken.eval.yaml'));
    skillEval('run', dir, '-e', 'command', '--ek', 'command=true', '-q', '--no-cache', '-o', join(root, 'started-run'));
    expect(entries().length, 'the new file is kept, with --no-cache too').toBe(kept + 1);
  }, 120_000);

  it('keeps each load, and loads a file again when a file its loader read changes, though the file did not', () => {
    const skill = join(project, 'kept', 'greeter');
    mkdirSync(join(skill, 'evals', 'cases'), { recursive: true });
    writeFileSync(join(skill, 'SKILL.md'), '---\nname: greeter\ndescription: Greets.\n---\nGreet.\n');
    writeFileSync(
      join(skill, 'evals', 'eval.yaml'),
      'schema_version: v1alpha1\nenvironment:\n  type: none\ncases:\n  files:\n    - evals/cases/*.yaml\n',
    );
    const greeting = (prompt: string) => `id: hello\ninput:\n  prompt: ${prompt}\nexpect:\n  must_contain: [Hi]\n`;
    writeFileSync(join(skill, 'evals', 'cases', 'hello.yaml'), greeting('Say hello'));
    const list = () => skillEval('list', '--json', 'kept');
    const listed = () => {
      const said = list();
      expect(said).toEqual(skillEval('list', '--json', 'kept', '--no-parse-cache'));
      return said.stdout;
    };
    const loads = join(userCache, 'skill-eval', 'suites');
    expect(listed()).toContain('Say hello');
    expect(entries(loads).length, 'the load is kept').toBeGreaterThan(0);
    // A case file (read by the suite's loader, not named on the command line) changes.
    writeFileSync(join(skill, 'evals', 'cases', 'hello.yaml'), greeting('Say hello twice'));
    expect(listed()).toContain('Say hello twice');
    // A file the suite's glob now finds.
    writeFileSync(join(skill, 'evals', 'cases', 'bye.yaml'), greeting('Say goodbye').replace('hello', 'bye'));
    expect(listed()).toContain('Say goodbye');
    // And one it no longer finds.
    rmSync(join(skill, 'evals', 'cases', 'bye.yaml'));
    expect(listed()).not.toContain('Say goodbye');
  }, 120_000);
});
