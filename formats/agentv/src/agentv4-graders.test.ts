import { describe, expect, it } from 'vitest';
import { agentvDialect } from './dialect.js';
import { loadAgentv } from './load-agentv.js';
import { useProjectFolder } from './test-support/project-folder.js';

/**
 * How an AgentV 4 file's graders are read where AgentV 4.42.4 grades otherwise than the words suggest (@agentv/core
 * 4.42.4 `dist/chunk-FRDEARJA.js`, lines cited per test).
 */
const FILE = '/nonexistent-skill-eval-test/evals/suite.eval.yaml';
const load = (test: string[]) => loadAgentv(FILE, ['tests:', '  - id: a', '    input: hi', ...test].join('\n'));
const folder = useProjectFolder('agentv4-graders-');
const said = folder.rules;

describe("an AgentV 4 tool-trajectory's steps", () => {
  const steps = (lines: string[]) => {
    const { suites, diagnostics } = load([
      '    assertions:',
      '      - type: tool-trajectory',
      '        mode: in_order',
      ...lines,
    ]);
    return { expected: suites[0]?.cases[0]?.checks[0]?.expected, diagnostics: said(diagnostics) };
  };

  it('compares arguments exactly unless told otherwise (resolveArgsMatchMode, :4584-4586)', () => {
    const { expected, diagnostics } = steps(['        expected:', '          - {tool: Read, args: {path: a.md}}']);
    expect(expected).toEqual([{ tool: 'Read', args: { path: 'a.md' }, args_match: 'exact' }]);
    expect(diagnostics).toEqual([]);
  });

  it("takes the grader's args_match for a step without one, the step's over it (:4584-4586)", () => {
    const { expected, diagnostics } = steps([
      '        args_match: superset',
      '        expected:',
      '          - {tool: Read, args: {path: a.md}}',
      '          - {tool: Edit, args: {path: a.md}, args_match: exact}',
      '          - {tool: Bash, args: {command: ls}, args_match: ignore}',
      '          - {tool: Grep, args: any}',
    ]);
    // superset: every listed key present, its value equal as a whole (argsMatch, :4600-4605).
    expect(expected).toEqual([
      { tool: 'Read', args: { path: 'a.md' }, args_match: 'superset' },
      { tool: 'Edit', args: { path: 'a.md' }, args_match: 'exact' },
      { tool: 'Bash' },
      { tool: 'Grep' },
    ]);
    expect(diagnostics).toEqual([]);
  });

  it('compares only the listed fields of a field list, by dotted path (:4591-4598, getNestedValue :4573-4583)', () => {
    const { expected, diagnostics } = steps([
      '        expected:',
      '          - tool: search',
      '            args: {query: cats, options: {limit: 5, lang: en}, page: 2}',
      '            args_match: [query, options.limit, missing]',
    ]);
    expect(expected).toEqual([
      { tool: 'search', args: { query: 'cats', options: { limit: 5 } }, args_match: 'partial' },
    ]);
    // Each listed field's value is a scalar, compared whole either way: nothing to say.
    expect(diagnostics).toEqual([]);
  });

  it('compares top-level fields of a field list whole, as superset compares its keys', () => {
    const { expected, diagnostics } = steps([
      '        expected:',
      '          - {tool: write, args: {file: {path: a}, mode: w}, args_match: [file]}',
    ]);
    expect(expected).toEqual([{ tool: 'write', args: { file: { path: 'a' } }, args_match: 'superset' }]);
    expect(diagnostics).toEqual([]);
  });

  it("says where a partial match is looser than AgentV, which compares a dotted field's value whole", () => {
    const { expected, diagnostics } = steps([
      '        expected:',
      '          - {tool: write, args: {cfg: {file: {path: a}}}, args_match: [cfg.file]}',
    ]);
    expect(expected).toEqual([{ tool: 'write', args: { cfg: { file: { path: 'a' } } }, args_match: 'partial' }]);
    expect(diagnostics).toEqual([['warning', 'trajectory-args', 8]]);
  });

  it('refuses subset, which skill-eval cannot check, at its line', () => {
    const { diagnostics } = steps([
      '        expected:',
      '          - tool: write',
      '            args: {path: a}',
      '            args_match: subset',
    ]);
    expect(diagnostics).toEqual([['error', 'trajectory-args', 10]]);
  });

  it('skips a latency bound, as AgentV does for a call the trace does not time (checkLatency, :4620-4628)', () => {
    const { expected, diagnostics } = steps([
      '        expected:',
      '          - tool: Read',
      '            max_duration_ms: 100',
    ]);
    expect(expected).toEqual([{ tool: 'Read' }]);
    expect(diagnostics).toEqual([['warning', 'trajectory-latency', 9]]);
  });
});

describe('an AgentV 4 llm-grader with no criteria of its own', () => {
  it("grades the test's criteria with AgentV's default template (parseGraders :19236-19254; evaluateFreeform :1282-1285)", () => {
    const { suites, diagnostics } = load([
      '    criteria: Names the capital',
      '    assertions:',
      '      - {type: code-grader, command: [node, grade.js]}',
      '      - {name: judge, type: llm-grader}',
    ]);
    expect(suites[0]!.cases[0]!.checks.filter((c) => c.type === 'llm-rubric').map((c) => c.value)).toEqual([
      'Names the capital',
    ]);
    expect(said(diagnostics).filter(([, rule]) => rule === 'missing-criteria')).toEqual([]);
  });

  it('is left out with a warning when the test has no criteria either', () => {
    const { suites, diagnostics } = load([
      '    assertions:',
      '      - {type: contains, value: hi}',
      '      - {name: judge, type: llm-grader}',
    ]);
    expect(suites[0]!.cases[0]!.checks.map((c) => c.type)).toEqual(['contains']);
    expect(said(diagnostics)).toContainEqual(['warning', 'missing-criteria', 6]);
  });
});

describe("the dialect of a file with a top-level 'defaults'", () => {
  const v4 = { execution: { target: 'llm' }, tests: [{ id: 'a', input: 'hi', criteria: 'c' }] };
  it('is 4.x where defaults holds nothing AgentV 5 reads: 4.42.4 reads no defaults (a YAML anchor, say)', () => {
    expect(agentvDialect({ ...v4, defaults: { system_message: 'Classify' } })).toBe('agentv-4');
  });
  it('is 5.x where defaults names a provider or a grader (extractSuiteDefaults, vendor/agentv-5 load-tests.mjs:43371-43393)', () => {
    expect(agentvDialect({ ...v4, defaults: { provider: 'llm' } })).toBe('agentv-5');
    expect(agentvDialect({ ...v4, defaults: { grader: 'judge' } })).toBe('agentv-5');
  });
});

describe("an AgentV 4 test's execution.skip_defaults", () => {
  it("takes neither the suite's input nor its input_files (4.42.4 dist/chunk-FRDEARJA.js:20769-20781)", () => {
    folder.write('context.md', 'Trips.');
    const [withDefaults, without] = folder.load('suite.eval.yaml', [
      'input: Use the attached context.',
      'input_files: [./context.md]',
      'tests:',
      '  - {id: with, input: Where?, criteria: c}',
      '  - {id: without, input: Where?, criteria: c, execution: {skip_defaults: true}}',
    ]).suites[0]!.cases;
    expect(withDefaults!.turns).toEqual(['@[User]:\nUse the attached context.\n\n@[User]:\nWhere?']);
    expect(withDefaults!.workspace.files.map((f) => f.to)).toEqual(['./context.md']);
    expect(without!.turns).toEqual(['Where?']);
    expect(without!.workspace.files).toEqual([]);
  });
});

describe('a message whose content is a map', () => {
  it('is sent as AgentV renders it: JSON indented by two (4.42.4 dist/chunk-FRDEARJA.js:17154-17156)', () => {
    const { suites } = loadAgentv(
      FILE,
      [
        'tests:',
        '  - id: a',
        '    criteria: c',
        '    input:',
        '      - role: user',
        '        content: {row: {id: 7}}',
      ].join('\n'),
    );
    expect(suites[0]!.cases[0]!.turns).toEqual(['{\n  "row": {\n    "id": 7\n  }\n}']);
  });
});

/** AgentV 4's environment template, `$` then `{{ PERSONA }}` (written apart, not being a JavaScript template). */
const ENV_4 = `$${'{{ PERSONA }}'}`;

describe("an AgentV 4 file's environment template", () => {
  it('is sent as written, with the warning that AgentV fills it from the environment (chunk-Z5WVZ5VI.js:1858, 1898-1905)', () => {
    const { suites, diagnostics } = loadAgentv(
      FILE,
      [
        'tests:',
        '  - id: a',
        '    criteria: c',
        '    input:',
        `      - {role: system, content: "${ENV_4}"}`,
        '      - {role: user, content: hi}',
      ].join('\n'),
    );
    expect(suites[0]!.cases[0]!.system).toBe(ENV_4);
    expect(said(diagnostics)).toEqual([['warning', 'env-template', 5]]);
    expect(diagnostics[0]!.message).toContain(`AgentV fills ${ENV_4} from the environment`);
  });
});

describe('an AgentV 4 grader prompt written by a script', () => {
  const load4 = (command: string) =>
    loadAgentv(
      FILE,
      [
        'tests:',
        '  - id: a',
        '    criteria: c',
        '    input: hi',
        '    assertions:',
        '      - name: judge',
        '        type: llm-grader',
        `        prompt: {command: [bun, run, ${command}]}`,
      ].join('\n'),
    );

  it('skips the test when the script is missing, as AgentV 4 does (parseGraders, :19131-19145)', () => {
    const { suites, diagnostics } = load4('../prompts/missing.ts');
    expect(suites.flatMap((s) => s.cases)).toEqual([]);
    expect(said(diagnostics)).toEqual([['warning', 'missing-reference', 8]]);
    expect(diagnostics[0]!.message).toContain('AgentV 4 skips the test ("prompt command file not found")');
  });

  it('is refused when the script is there: skill-eval runs no prompt script', () => {
    const { diagnostics } = load4(new URL(import.meta.url).pathname);
    expect(said(diagnostics)).toEqual([['error', 'unsupported-prompt', 8]]);
  });
});

describe('an AgentV 4 custom assertion type', () => {
  it("runs the project's .agentv/assertions/<type>.ts as a code grader, as AgentV 4 does (discoverAssertions, :14817-14853)", () => {
    folder.write('.agentv/assertions/word-count.ts', 'export {};\n');
    const { suites, diagnostics } = folder.load('evals/suite.eval.yaml', [
      'tests:',
      '  - id: a',
      '    criteria: c',
      '    input: hi',
      '    assertions:',
      '      - {type: word-count, weight: 2}',
      '      - {type: min-words}',
    ]);
    // With AgentV's code-grader payload, as any code grader of the file.
    expect(suites[0]!.cases[0]!.checks[0]).toMatchObject({
      type: 'code-grader',
      name: 'word-count',
      weight: 2,
      command: ['bun', 'run', folder.at('.agentv/assertions/word-count.ts')],
    });
    // A type with no script there is no custom assertion: read as before (here, an unknown type).
    expect(said(diagnostics).map(([severity, , line]) => [severity, line])).toEqual([['error', 7]]);
  });
});

describe("an AgentV 4 file's top-level defaults", () => {
  it('is said to be unread by AgentV 4, which has no defaults', () => {
    const { diagnostics } = loadAgentv(
      FILE,
      [
        'execution: {target: llm}',
        'defaults:',
        '  note: &n Be brief',
        'tests:',
        '  - {id: a, input: hi, criteria: *n}',
      ].join('\n'),
    );
    expect(said(diagnostics)).toEqual([['warning', 'unsupported-field', 2]]);
    expect(diagnostics[0]!.message).toContain('AgentV 4 does not read "defaults"');
  });
});

describe("an AgentV 4 llm-grader's value or criteria", () => {
  it("is not read by AgentV 4, which grades the test's criteria (its config, :19210-19254; buildTemplateVariables, :1196-1210)", () => {
    const { suites, diagnostics } = load([
      '    criteria: The test criteria',
      '    assertions:',
      '      - {name: j, type: llm-grader, value: Value criterion}',
      '      - {name: k, type: llm-grader, criteria: Criteria key}',
      '      - {name: r, type: llm-grader, value: ignored, rubrics: [{id: a, outcome: Names Paris}]}',
    ]);
    expect(suites[0]!.cases[0]!.checks.map((c) => c.value)).toEqual([
      'The test criteria',
      'The test criteria',
      'Names Paris',
    ]);
    expect(said(diagnostics)).toEqual([
      ['warning', 'ignored-by-agentv', 6],
      ['warning', 'ignored-by-agentv', 7],
      ['warning', 'ignored-by-agentv', 8],
    ]);
  });
});
