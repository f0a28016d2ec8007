import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Case, parseCase, type Suite } from '@skill-eval/core';
import { loadSkillUp } from '@skill-eval/format-skill-up';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CaseFileSchema } from './case-file-schema.js';
import { createdPathPattern } from './created-path-pattern.js';
import { loadClaudePluginEval } from './load-claude-plugin-eval.js';
import { GREETER_PLUGIN, pluginTree } from './test-support/plugin-tree.js';
import { writeClaudePluginEval } from './write-claude-plugin-eval.js';

const REPO = join(import.meta.dirname, '../../..');
const DIFFERENTIAL = join(import.meta.dirname, 'fixtures/differential/plugin/evals');
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** Writes the suite beside a plugin with one skill, and loads every written case.yaml back. */
function roundTrip(suite: Suite) {
  const { files, lost } = writeClaudePluginEval(suite);
  for (const file of files.filter((f) => f.path.endsWith('/case.yaml'))) {
    expect(CaseFileSchema.safeParse(parse(file.text)).success, file.text).toBe(true);
  }
  const root = pluginTree({ ...GREETER_PLUGIN, ...Object.fromEntries(files.map((f) => [f.path, f.text])) });
  roots.push(root);
  const loaded = files
    .filter((f) => f.path.endsWith('/case.yaml'))
    .map((f) => loadClaudePluginEval(join(root, f.path)));
  expect(loaded.flatMap((l) => l.diagnostics).filter((d) => d.severity === 'error')).toEqual([]);
  return { files, lost, cases: loaded.flatMap((l) => l.suites.flatMap((s) => s.cases)), root };
}

/** What a case runs and how it is graded, its paths made comparable across folders. */
const runs = (testCase: Case, root: string) => ({
  id: testCase.id,
  turns: testCase.turns,
  checks: testCase.checks,
  limits: testCase.limits,
  runs: testCase.runs,
  tags: testCase.tags,
  system: testCase.system,
  tools: testCase.tools,
  mcpServers: JSON.parse(JSON.stringify(testCase.mcpServers).replaceAll(root, '<root>')).map(
    ({ source: _s, ...server }: { source?: unknown }) => server,
  ),
});

describe('claude plugin eval → claude plugin eval', () => {
  for (const name of [
    'hello',
    'weights',
    'order',
    'files',
    'files-list',
    'mock',
    'mock-calls',
    'mock-error',
    'mock-expect-broken',
    'mock-expect-held',
    'mock-front-matter',
    'tools-kept',
    'all-with-only',
  ]) {
    it(`${name}: the same case, graded alike, nothing lost`, () => {
      const file = join(DIFFERENTIAL, name, name === 'hello' ? 'prompt.md' : 'case.yaml');
      const source = loadClaudePluginEval(file).suites[0]!;
      const back = roundTrip(source);
      expect(back.lost).toEqual([]);
      const pluginRoot = join(DIFFERENTIAL, '..');
      expect(back.cases.map((c) => runs(c, back.root))).toEqual(source.cases.map((c) => runs(c, pluginRoot)));
    });
  }

  it('writes a mocked answer that is a tool error, is guarded, or opens as front matter would, so that it reads back the same', () => {
    const source = loadClaudePluginEval(join(DIFFERENTIAL, 'mock', 'case.yaml')).suites[0]!;
    const server = source.cases[0]!.mcpServers[0]!;
    const tools = [
      { name: 'archived', response: 'Project {{params.project}} is archived.', error: true },
      { name: 'fenced', response: '---\nnot: front matter\n---\nbody' },
      {
        name: 'guarded',
        response: 'ok',
        expect: { project: 'string', limit: '10', filter: { state: ['open', 'true'] } },
      },
    ];
    const testCase = { ...source.cases[0]!, mcpServers: [{ ...server, mock: { tools } }] };
    const back = roundTrip({ ...source, cases: [testCase] });
    expect(back.files.find((f) => f.path.endsWith('/archived.md'))?.text).toBe(
      '---\nerror: true\n---\nProject {{input.project}} is archived.\n',
    );
    const read = back.cases[0]!.mcpServers[0]!.mock!.tools;
    expect(read.map(({ name, response, error, expect }) => ({ name, response, error, expect }))).toEqual([
      { name: 'archived', response: 'Project {{params.project}} is archived.', error: true, expect: undefined },
      { name: 'fenced', response: '---\nnot: front matter\n---\nbody', error: undefined, expect: undefined },
      // Guards stay text: `limit: "10"` reads back as the "10" Claude Code compares with.
      { name: 'guarded', response: 'ok', error: undefined, expect: tools[2]!.expect },
    ]);
  });

  it('keeps a scaffold script, allowed tools and a with-only grader as they were', () => {
    const root = pluginTree({
      ...GREETER_PLUGIN,
      'evals/s/case.yaml': [
        'schema_version: "1.0"',
        'name: s',
        'context: {scaffold_script: setup.sh}',
        'execution: {prompt: Go, allowed_tools: [Read], max_turns: 4}',
        'graders:',
        '  - {name: fired, type: tool_used, tool: Skill}',
        '  - {name: says, type: regex, pattern: ok}',
      ].join('\n'),
      'evals/s/setup.sh': 'echo hi > a.txt\n',
    });
    roots.push(root);
    const source = loadClaudePluginEval(join(root, 'evals/s/case.yaml')).suites[0]!;
    const { files, lost } = writeClaudePluginEval(source);
    expect(lost).toEqual([]);
    expect(files.find((f) => f.path === 'evals/s/scaffold.sh')?.text).toBe('echo hi > a.txt\n');
    const written = parse(files.find((f) => f.path === 'evals/s/case.yaml')!.text);
    expect(written).toMatchObject({
      context: { scaffold_script: 'scaffold.sh' },
      execution: { allowed_tools: ['Read'], max_turns: 4 },
      graders: [
        { name: 'fired', type: 'tool_used', tool: 'Skill', arm: 'with-only' },
        { name: 'says', type: 'regex', pattern: 'ok' },
      ],
    });
  });
});

describe('a suite without a plugin', () => {
  it('keeps a with-only grader with-only, and its weight, which Claude Code scores when no plugin resolves', () => {
    const root = pluginTree({
      'evals/s/case.yaml': [
        'schema_version: "1.0"',
        'name: s',
        'execution: {prompt: Go, max_turns: 3, timeout_seconds: 60}',
        'graders:',
        '  - {name: noted, type: regex, pattern: ok, arm: with-only, weight: 2}',
      ].join('\n'),
    });
    roots.push(root);
    const source = loadClaudePluginEval(join(root, 'evals/s/case.yaml')).suites[0]!;
    const { files, lost } = writeClaudePluginEval(source);
    expect(lost).toEqual([]);
    expect(parse(files[0]!.text).graders).toEqual([
      { name: 'noted', type: 'regex', pattern: 'ok', weight: 2, arm: 'with-only' },
    ]);
  });
});

describe('other formats → claude plugin eval', () => {
  it('a skill-up suite: its cases as case.yaml, what Claude Code cannot hold listed', () => {
    const file = join(REPO, 'examples/word-count/evals/eval.yaml');
    const source = loadSkillUp(file, readFileSync(file, 'utf8')).suites[0]!;
    const back = roundTrip(source);
    expect(back.cases.map((c) => c.id)).toEqual(source.cases.map((c) => c.id));
    for (const [i, c] of back.cases.entries()) expect(c.turns).toEqual([source.cases[i]!.turns[0]]);
    // Every lost line names its case or the suite.
    for (const line of back.lost) expect(line).toMatch(/^(case \d+ \(|suite: )/);
  });

  it("writes the tools the source's agent had as allowed_tools, and says Claude Code gives them only when granted", () => {
    const file = join(REPO, 'examples/word-count/evals/eval.yaml');
    const source = loadSkillUp(file, readFileSync(file, 'utf8')).suites[0]!;
    expect(source.cases[0]!.tools).toBeUndefined();
    const back = roundTrip(source);
    expect(parse(back.files.find((f) => f.path.endsWith('case.yaml'))!.text).execution.allowed_tools).toEqual([
      'Bash',
      'Edit',
      'Write',
    ]);
    expect(back.lost).toContain(
      "case 1 (count-poem): the agent's tools: it had every tool; written as allowed_tools Bash, Edit, Write, which a Claude Code eval run is given only with --allow-tools Bash Edit Write (it has the read-only tools otherwise)",
    );
    // Read back, its agent can write the file its graders look for.
    expect(back.cases[0]!.tools?.allowed).toEqual(expect.arrayContaining(['Read', 'Bash', 'Edit', 'Write']));

    const restricted = { ...source.cases[0]!, tools: { allowed: ['Read', 'Write', 'Bash'], disallowed: ['Bash'] } };
    const written = roundTrip({ ...source, cases: [restricted] });
    const execution = parse(written.files.find((f) => f.path.endsWith('case.yaml'))!.text).execution;
    expect([execution.allowed_tools, execution.disallowed_tools]).toEqual([['Write'], ['Bash']]);
    expect(written.lost.filter((line) => line.includes("agent's tools"))).toEqual([
      "case 1 (count-poem): the agent's tools: written as allowed_tools Write, which a Claude Code eval run is given only with --allow-tools Write (it has the read-only tools otherwise)",
    ]);
    const none = roundTrip({ ...source, cases: [{ ...restricted, tools: { allowed: [], disallowed: [] } }] });
    expect(none.lost.filter((line) => line.includes("agent's tools"))).toEqual([
      "case 1 (count-poem): the agent's tools: a Claude Code eval run always has its read-only tools (Read, Glob, Grep …), which this case kept from its agent",
    ]);
  });

  it('text, file and tool checks of any format: graders read back as checks that grade alike', () => {
    const base = loadClaudePluginEval(join(DIFFERENTIAL, 'hello', 'prompt.md')).suites[0]!;
    const testCase = parseCase({
      id: 'mixed-checks',
      name: 'mixed-checks',
      kind: 'task',
      source: { file: 'x', format: 'test' },
      turns: ['Greet Bo.'],
      limits: { maxTurns: 5, timeoutSeconds: 60 },
      checks: [
        { type: 'contains', value: 'Hi, Bo (friend)' },
        { type: 'icontains', value: 'hello', weight: 2 },
        { type: 'regex', value: '^Hi', flags: 'm', negate: true },
        { type: 'file-exists', value: 'out.txt' },
        { type: 'tool-called', value: 'tickets::list', inputMatches: 'web' },
        { type: 'skill-used', value: 'greet' },
        { type: 'file-contains', path: 'counts.txt', value: 'words: 7 (total)', caseSensitive: false },
        { type: 'contains-all', value: ['7 words', '2 lines'] },
      ],
      failIf: [{ type: 'contains', value: 'sorry' }],
    });
    const back = roundTrip({ ...base, cases: [testCase] });
    expect(back.lost).toContain(
      'case 1 (mixed-checks): fail-if checks: written as negated graders, which count in the score',
    );
    expect(back.lost).toContain(
      'case 1 (mixed-checks): check "file-exists 4" (file-exists): written as file_exists, which Claude Code grades on the files the run created (a file the workspace held before the run counts as absent) and which reads back as a regex over them',
    );
    // Each check that reads back as another kind says so; regex, file and mocked-tool checks read back alike.
    expect(back.lost.filter((line) => line.includes('another kind of check')).map((l) => l.split('"')[1])).toEqual([
      'contains 1',
      'icontains 2',
      'tool-called 5',
      'skill-used 6',
      'contains-all 8',
      'contains 1',
    ]);
    expect(back.cases[0]!.checks.map(({ name: _n, ...c }) => c)).toEqual([
      { type: 'regex', value: 'Hi, Bo \\(friend\\)', weight: 1 },
      { type: 'regex', value: 'hello', flags: 'i', weight: 2 },
      { type: 'regex', value: '^Hi', flags: 'm', negate: true, weight: 1 },
      // Claude Code's file_exists sees only the files the run created: the check reads back as that.
      { type: 'regex', over: 'created-files', value: createdPathPattern('out.txt'), flags: 'm', weight: 1 },
      { type: 'tool-called', value: 'mcp__tickets__list', inputMatches: 'web', weight: 1 },
      { type: 'tool-called', value: 'Skill', inputMatches: '"skill":"greet"', weight: 1 },
      // A plain-text pattern over a file reads back as the file check it came from.
      { type: 'file-contains', path: 'counts.txt', value: 'words: 7 (total)', caseSensitive: false, weight: 1 },
      { type: 'regex', value: '^(?=[\\s\\S]*7 words)(?=[\\s\\S]*2 lines)', weight: 1 },
      { type: 'regex', value: 'sorry', negate: true, weight: 1 },
    ]);
    const everyItem = new RegExp(back.cases[0]!.checks[7]!.value as string);
    expect([everyItem.test('2 lines, 7 words'), everyItem.test('7 words')]).toEqual([true, false]);
    expect(new RegExp(back.cases[0]!.checks[0]!.value as string).test('Hi, Bo (friend)!')).toBe(true);
  });

  it('trigger cases: the Skill tool named with the skill, scored in both arms', () => {
    const suite = loadClaudePluginEval(join(DIFFERENTIAL, 'hello', 'prompt.md')).suites[0]!;
    const trigger: Suite = {
      ...suite,
      cases: [{ ...suite.cases[0]!, kind: 'trigger', shouldTrigger: false, checks: [] }],
    };
    const { files, lost } = writeClaudePluginEval(trigger);
    expect(parse(files[0]!.text).graders).toEqual([
      {
        name: 'skill-not-fired',
        type: 'tool_used',
        tool: 'Skill',
        input_match: '"skill":"greet"',
        min: 0,
        max: 0,
        arm: 'both',
      },
    ]);
    expect(lost).toEqual(['case 1 (hello): a trigger case: written as a task whose graders check the Skill tool']);
  });

  it('a case with no check Claude Code can grade is not written, and says so', () => {
    const suite = loadClaudePluginEval(join(DIFFERENTIAL, 'hello', 'prompt.md')).suites[0]!;
    const { files, lost } = writeClaudePluginEval({
      ...suite,
      cases: [{ ...suite.cases[0]!, checks: [{ type: 'word-count', value: 3 }] }],
    });
    expect(files).toEqual([]);
    expect(lost).toEqual([
      'case 1 (hello): check "word-count 1" (word-count): Claude Code has no grader for it',
      'case 1 (hello): no check Claude Code can grade, so no case is written (Claude Code requires at least one grader)',
    ]);
  });
});
