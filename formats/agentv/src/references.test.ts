import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { withSideFileTrust } from '@skill-eval/format-kit';
import { makeGitRepository } from '@skill-eval/testing';
import { corpusPath } from '@skill-eval/testing/corpus';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadAgentv } from './load-agentv.js';
import { AGENTV } from './test-support/corpus.js';

let tmp: string;
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(tmp, path)), { recursive: true });
  writeFileSync(join(tmp, path), text);
};
const loadFile = (path: string) => loadAgentv(join(tmp, path), readFileSync(join(tmp, path), 'utf8'));
const where = (diagnostics: { ruleId: string; file: string; line?: number; column?: number }[]) =>
  diagnostics.map((d) => [d.ruleId.replace('agentv/', ''), d.file.slice(tmp.length + 1), d.line, d.column]);

beforeEach(() => {
  tmp = realpathSync(mkdtempSync(join(tmpdir(), 'agentv-')));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('tests from files and folders', () => {
  it('directory-discovery: each cases/<name>/case.yaml is a test named after its folder; workspace/ is laid over', () => {
    copyFileSync(corpusPath(`${AGENTV}examples/showcase/directory-discovery/EVAL.yaml`), join(tmp, 'EVAL.yaml'));
    write('cases/fix-null-check/case.yaml', 'criteria: Fixes the null check\ninput: |\n  Fix parseToken.\n');
    write('cases/fix-null-check/workspace/parser.ts', 'export {}\n');
    write('cases/add-greeting/case.yaml', 'criteria: Adds a greeting\ninput: Add a greeting.\n');
    write('cases/notes.txt', 'not a case');
    const { suites, diagnostics } = loadFile('EVAL.yaml');
    expect(diagnostics).toEqual([]);
    const cases = suites[0]!.cases;
    expect(cases.map((c) => [c.id, c.turns, c.checks, c.workspace.overlays])).toEqual([
      [
        'add-greeting',
        ['Add a greeting.'],
        [{ type: 'llm-rubric', value: 'Adds a greeting', name: 'criteria', agentv: true }],
        [],
      ],
      [
        'fix-null-check',
        ['Fix parseToken.\n'],
        [{ type: 'llm-rubric', value: 'Fixes the null check', name: 'criteria', agentv: true }],
        [join(tmp, 'cases/fix-null-check/workspace')],
      ],
    ]);
    expect(cases[0]!.source).toMatchObject({ file: join(tmp, 'cases/add-greeting/case.yaml'), line: 1, column: 1 });
    expect(suites[0]!.name).toBe('directory-discovery');
  });

  it('tests: file://cases.yaml (raw cases keep input/expected_output), JSON {tests}, and JSONL with a broken line', () => {
    write(
      'suite.eval.yaml',
      'threshold: 0.9\ntests:\n  - file://cases.yaml\n  - ./more.json\n  - file://lines.jsonl\n',
    );
    write('cases.yaml', '- id: a\n  input: Hello\n  expected_output: Hi\n  assert: [Greets]\n');
    write('more.json', '{"tests": [{"id": "b", "input": [{"role": "user", "content": "Yo"}], "assert": ["ok"]}]}');
    write(
      'lines.jsonl',
      '{"id": "c", "input": "one", "assert": ["ok"]}\n{"id": "d", "input": \n\n{"input": "three", "assert": [{"type": "equals", "value": 3}]}\n',
    );
    const { suites, diagnostics } = loadFile('suite.eval.yaml');
    expect(where(diagnostics)).toEqual([['syntax', 'lines.jsonl', 2, 21]]);
    expect(
      suites[0]!.cases.map((c) => [
        c.id,
        c.turns,
        c.reference,
        c.threshold,
        c.source.file.slice(tmp.length + 1),
        c.source.line,
      ]),
    ).toEqual([
      ['a', ['Hello'], 'Hi', 0.9, 'cases.yaml', 1],
      ['b', ['Yo'], undefined, 0.9, 'more.json', 1],
      ['c', ['one'], undefined, 0.9, 'lines.jsonl', 1],
      ['5', ['three'], undefined, 0.9, 'lines.jsonl', 4],
    ]);
    expect(suites[0]!.cases[3]!.checks).toEqual([{ type: 'equals', value: 3, trim: true }]);
  });

  it('a missing or unsupported tests file is an error at the reference; a case file must hold a list', () => {
    write('a.eval.yaml', 'tests:\n  - file://gone.yaml\n  - file://data.txt\n  - file://map.yaml\n');
    write('data.txt', 'input\nhi\n');
    write('map.yaml', 'id: x\n');
    const { diagnostics } = loadFile('a.eval.yaml');
    expect(where(diagnostics)).toEqual([
      ['missing-reference', 'a.eval.yaml', 2, 5],
      ['unsupported-reference', 'a.eval.yaml', 3, 5],
      ['wrong-type', 'map.yaml', 1, 1],
    ]);
    expect(diagnostics[1]!.message).toMatch(/reads YAML, JSON, JSONL and CSV case files/);
  });

  it("a CSV case file is read as AgentV's parseCsvCases reads it: columns, __expected shorthands, metadata, row ids", () => {
    write('c.eval.yaml', 'prompts: ["{{ input }}"]\ntests: file://rows.csv\n');
    write(
      'rows.csv',
      'id,vars.input,__expected1,__expected2,__metric,__threshold,__metadata:topic[],__description\n' +
        'greet,"Say ""hi""",icontains:hello,"not-contains-any:bye, ciao",greeting,0.7,"a, b\\, c",Greets\n' +
        ',Count to three,llm-rubric:Counts 1 2 3,,,,,\n' +
        'bad,x,file://check.js,,,,,\n',
    );
    const { suites, diagnostics } = loadFile('c.eval.yaml');
    // AgentV refuses the whole file over the .js assertion; here it is an error at its row. Its CSV loader writes a
    // `llm-rubric:` cell as type llm-grader (case-file-loader.ts:213-216), which its grader parser refuses, so it
    // skips row 2 ("Unsupported grader 'llm-grader' in 'row-2'", seen running its loadTests from source): so does this.
    expect(where(diagnostics)).toEqual([
      ['csv-column', 'rows.csv', 4, 1],
      ['dropped-by-agentv', 'rows.csv', 3, 1],
      ['nothing-to-grade', 'rows.csv', 4, 1],
    ]);
    const cases = suites[0]!.cases;
    expect(cases.map((c) => [c.id, c.turns, c.threshold, c.source.line])).toEqual([
      ['greet', ['Say "hi"'], 0.7, 2],
      ['bad', ['x'], undefined, 4],
    ]);
    expect(cases[0]!.checks.map((c) => [c.type, c.value, c.negate ?? false, c.name])).toEqual([
      ['icontains', 'hello', false, 'greeting-1'],
      ['contains-any', ['bye', 'ciao'], true, 'greeting-2'],
    ]);
    expect(cases[0]!.metadata).toMatchObject({ topic: ['a', 'b, c'] });
  });

  // Ids as AgentV 5.3.1-next.1's loadTests (f0c5db805c20) gives them for this suite, run on it: a file's path, a
  // string prompt's `string-<sha256 of its JSON>` (the label does not name it).
  it('default_test and prompts from files; several prompts give one case per prompt', () => {
    write(
      'p.eval.yaml',
      'prompts:\n  - file://prompt.txt\n  - {raw: "Short: {{ q }}", label: short}\ndefault_test: file://defaults.yaml\ntests:\n  - id: t\n    vars: {q: why}\n    assert: [mine]\n',
    );
    write('prompt.txt', 'Question: {{ q }} ({{ tone }})');
    write(
      'defaults.yaml',
      'vars: {tone: calm}\nthreshold: 0.6\nassert: [{type: icontains, value: sorry, negate: true}]\n',
    );
    const { suites, diagnostics } = loadFile('p.eval.yaml');
    expect(diagnostics).toEqual([]);
    // The test's own graders first, default_test's after them (parseGraders, grader-parser.ts:250-283 at 58f316ca2).
    expect(suites[0]!.cases.map((c) => [c.id, c.turns, c.threshold, c.checks])).toEqual([
      [
        't__prompt_prompt.txt',
        ['Question: why (calm)'],
        0.6,
        [
          { type: 'llm-rubric', value: 'mine' },
          { type: 'icontains', value: 'sorry', negate: true },
        ],
      ],
      [
        't__prompt_string-4f2cb2a56d7c',
        ['Short: why'],
        0.6,
        [
          { type: 'llm-rubric', value: 'mine' },
          { type: 'icontains', value: 'sorry', negate: true },
        ],
      ],
    ]);
  });
});

describe('files, workspaces and the skill', () => {
  it('csv-analyzer with its fixtures present: the CSV is staged, the workdir laid over, the skill found', () => {
    const dir = 'skills/csv-analyzer/evals';
    write('skills/csv-analyzer/SKILL.md', '---\nname: csv-analyzer\ndescription: CSV\n---\n');
    copyFileSync(
      corpusPath(`${AGENTV}examples/features/agent-skills-evals/csv-analyzer.EVAL.yaml`),
      join(tmp, dir, '../EVAL.yaml'),
    );
    write(`skills/csv-analyzer/evals/files/sales.csv`, 'month,revenue\n');
    write('skills/csv-analyzer/workspace/README.md', 'ws');
    const { suites, diagnostics } = loadFile('skills/csv-analyzer/EVAL.yaml');
    expect(where(diagnostics)).toEqual([['unsupported-field', 'skills/csv-analyzer/EVAL.yaml', 4, 1]]);
    const [top, irrelevant] = suites[0]!.cases;
    expect(top!.workspace.files).toEqual([{ from: join(tmp, dir, 'files/sales.csv'), to: 'evals/files/sales.csv' }]);
    expect(top!.workspace.overlays).toEqual([join(tmp, 'skills/csv-analyzer/workspace')]);
    expect(irrelevant!.workspace.overlays).toEqual([join(tmp, 'skills/csv-analyzer/workspace')]);
    expect(suites[0]!.skill).toEqual({ name: 'csv-analyzer', dir: join(tmp, 'skills/csv-analyzer') });
    expect(top!.skills).toEqual([suites[0]!.skill]);
  });

  it('a leading / means the repository root (nearest .git); ".." resolves as AgentV does, inside the project', () => {
    makeGitRepository(tmp);
    write('plugins/p/SKILL.md', 'x');
    write('evals/shared/data.csv', 'a,b');
    write(
      'evals/deep/s.eval.yaml',
      [
        'prompts: ["{{ input }}"]',
        'tests:',
        '  - vars:',
        '      input:',
        '        - role: user',
        '          content:',
        '            - {type: file, value: /plugins/p/SKILL.md}',
        '            - {type: file, value: ../shared/data.csv}',
        '            - {type: text, value: Go}',
        '    assert: [ok]',
      ].join('\n'),
    );
    const { suites, diagnostics } = loadFile('evals/deep/s.eval.yaml');
    expect(diagnostics).toEqual([]);
    const c = suites[0]!.cases[0]!;
    expect(c.workspace.files).toEqual([
      { from: join(tmp, 'plugins/p/SKILL.md'), to: 'plugins/p/SKILL.md' },
      // A ".." reference is staged at its place in the project, never above the workspace.
      { from: join(tmp, 'evals/shared/data.csv'), to: 'evals/shared/data.csv' },
    ]);
    expect(c.turns).toEqual(['Attached file: plugins/p/SKILL.md\n\nAttached file: evals/shared/data.csv\n\nGo']);
  });

  it('a reference out of the project (file, workdir, tests, grader prompt) is an error --trust lifts', () => {
    const project = join(tmp, 'project');
    makeGitRepository(project);
    write('outside/secret.txt', 'secret');
    write('outside/dir/x.txt', 'x');
    write('outside/cases.yaml', '- {id: t2, input: hi, criteria: ok}\n');
    write('outside/grader.md', 'Grade {{ output }}');
    write(
      'project/s.eval.yaml',
      [
        // AgentV 5 refuses an environment without a type (environment-recipe.ts:136-138 at 58f316ca2).
        'environment: {type: host, workdir: ../outside/dir}',
        'prompts: ["{{ input }}"]',
        'tests:',
        '  - id: t1',
        '    vars: {input: [{role: user, content: [{type: file, value: ../outside/secret.txt}]}]}',
        '    assert: [{type: llm-rubric, value: ok, prompt: "file://../outside/grader.md"}]',
        '  - file://../outside/cases.yaml',
      ].join('\n'),
    );
    const { suites, diagnostics } = loadFile('project/s.eval.yaml');
    expect(where(diagnostics).filter(([rule]) => rule !== 'grader-template')).toEqual([
      ['outside-project', 'project/s.eval.yaml', 1, 36],
      ['outside-project', 'project/s.eval.yaml', 7, 5],
      ['outside-project', 'project/s.eval.yaml', 5, 63],
      ['outside-project', 'project/s.eval.yaml', 6, 52],
    ]);
    const outside = diagnostics.filter((d) => d.ruleId === 'agentv/outside-project');
    expect(outside.every((d) => d.severity === 'error' && d.needsTrust === true)).toBe(true);
    expect(outside[0]!.message).toBe(
      `"../outside/dir" resolves to ${join(tmp, 'outside/dir')}, outside this project (${project}); an eval file may reach outside its project only with --trust. Move the file into the project, or pass --trust if you trust this eval file.`,
    );
    // Nothing out of the project is read without --trust: the grader prompt's test and the outside tests file are
    // left out, and nothing of them reaches a case.
    expect(JSON.stringify(suites)).not.toContain('Grade {{ output }}');
    expect(suites.flatMap((s) => s.cases).map((c) => c.id)).not.toContain('t2');
    // With --trust (the CLI loads inside withSideFileTrust) they are read, and run.
    const trusted = withSideFileTrust(true, () => loadFile('project/s.eval.yaml'));
    expect(where(trusted.diagnostics).filter(([rule]) => rule !== 'grader-template')).toEqual(
      where(diagnostics).filter(([rule]) => rule !== 'grader-template'),
    );
    expect(trusted.suites[0]!.cases.map((c) => c.id)).toEqual(['t1', 't2']);
    expect(trusted.suites[0]!.cases[0]!.workspace.files).toEqual([
      { from: join(tmp, 'outside/secret.txt'), to: 'secret.txt' },
    ]);
  });

  it('4.x workspace hooks become setup/teardown; a v5 environment setup argv becomes one shell line', () => {
    write(
      'w4.eval.yaml',
      'workspace:\n  template: tpl\n  hooks:\n    before_each: {command: [npm, install]}\n    after_all: {command: "rm -rf out"}\n  repos: [{path: r}]\ntests:\n  - id: a\n    input: hi\n    criteria: ok\n',
    );
    mkdirSync(join(tmp, 'tpl'));
    const v4 = loadFile('w4.eval.yaml');
    expect(v4.suites[0]!.cases[0]!.workspace).toMatchObject({
      overlays: [join(tmp, 'tpl')],
      setup: ['npm install'],
      teardown: ['rm -rf out'],
    });
    expect(v4.suites[0]!.settings.agentv).toEqual({ workspace: { repos: [{ path: 'r' }] } });
    expect(where(v4.diagnostics)).toEqual([
      ['hook-per-case', 'w4.eval.yaml', 5, 5],
      ['unsupported-field', 'w4.eval.yaml', 6, 3],
    ]);
    write(
      'w5.eval.yaml',
      'environment:\n  type: host\n  workdir: tpl\n  setup: {command: [bash, -lc, "make it && echo ok"]}\nprompts: ["{{ input }}"]\ntests:\n  - vars: {input: hi}\n    assert: [ok]\n',
    );
    expect(loadFile('w5.eval.yaml').suites[0]!.cases[0]!.workspace).toMatchObject({
      overlays: [join(tmp, 'tpl')],
      setup: ['make it && echo ok'],
    });
  });
});

describe('conversations, scenarios, limits', () => {
  it('mode: conversation turns become turns; per-turn asserts carry their turn (a rubric one warns: the judge reads it all); run and evaluate_options set runs and timeout', () => {
    write(
      'c.eval.yaml',
      [
        'timeout_seconds: 120',
        'evaluate_options: {repeat: 2, max_concurrency: 4}',
        'tests:',
        '  - id: chat',
        '    mode: conversation',
        '    turns:',
        '      - input: Hi {{ who }}',
        '        assert: [greets]',
        '      - input: [{type: text, value: Bye}]',
        '        expected_output: Goodbye',
        '    vars: {who: Ada}',
        '    run: {repeat: {count: 5}}',
      ].join('\n'),
    );
    const { suites, diagnostics } = loadFile('c.eval.yaml');
    expect(where(diagnostics)).toEqual([
      ['unsupported-field', 'c.eval.yaml', 2, 31],
      ['per-turn-assert', 'c.eval.yaml', 7, 7],
    ]);
    const c = suites[0]!.cases[0]!;
    expect([c.turns, c.reference, c.runs, c.limits]).toEqual([
      ['Hi Ada', 'Bye'],
      'Turn 2: Goodbye',
      5,
      { timeoutSeconds: 120 },
    ]);
    expect(c.checks).toEqual([{ type: 'llm-rubric', value: 'greets', turn: 1 }]);
    expect(suites[0]!.settings.agentv).toEqual({ evaluate_options: { max_concurrency: 4 } });
  });

  it('deterministic per-turn asserts, assert-set children too, carry their turn without a warning', () => {
    write(
      'd.eval.yaml',
      [
        'tests:',
        '  - id: chat',
        '    mode: conversation',
        '    turns:',
        '      - input: Hi',
        '        assert: [{type: contains, value: Hello}]',
        '      - input: Save it',
        '        assert:',
        '          - {type: "trajectory:tool-used", value: Write}',
        '          - {type: assert-set, assert: [{type: icontains, value: saved}, {type: "not-trajectory:tool-used", value: Bash}]}',
      ].join('\n'),
    );
    const { suites, diagnostics } = loadFile('d.eval.yaml');
    expect(where(diagnostics)).toEqual([]);
    expect(suites[0]!.cases[0]!.checks).toEqual([
      { type: 'contains', value: 'Hello', turn: 1 },
      { type: 'tool-called', value: 'Write', turn: 2 },
      {
        type: 'assert-set',
        turn: 2,
        checks: [
          { type: 'icontains', value: 'saved', turn: 2 },
          { type: 'tool-called', value: 'Bash', negate: true, turn: 2 },
        ],
      },
    ]);
  });

  it('scenarios: each config is merged into each test, ids say which', () => {
    write(
      's.eval.yaml',
      [
        'prompts: ["{{ input }} in {{ lang }}"]',
        'scenarios:',
        '  - config: [{vars: {lang: French}}, {vars: {lang: German}, assert: [is polite]}]',
        '    tests:',
        '      - id: hello',
        '        vars: {input: Say hello}',
        '        assert: [{type: icontains, value: bon}]',
      ].join('\n'),
    );
    const { suites, diagnostics } = loadFile('s.eval.yaml');
    expect(diagnostics).toEqual([]);
    expect(suites[0]!.cases.map((c) => [c.id, c.turns[0], c.checks.length])).toEqual([
      ['hello@s1c1', 'Say hello in French', 1],
      ['hello@s1c2', 'Say hello in German', 2],
    ]);
  });

  // AgentV 5's loadTests (58f316ca2 and v5.3.1-next.1, run from source): a test with no input in a file with no prompts
  // takes the PROMPT.md beside the eval file as its input (loaders/prompt-md-fallback.ts:100-111), and without one is
  // skipped ("Skipping incomplete test", yaml-parser.ts:1660-1675): vars.input alone is no input.
  it('no prompts and no input: the PROMPT.md beside the file is the input, else the test is skipped', () => {
    write('n.eval.yaml', 'tests:\n  - id: a\n    vars: {input: hi}\n    assert: [{type: contains, value: x}]\n');
    const skipped = loadFile('n.eval.yaml');
    expect(where(skipped.diagnostics)).toEqual([['dropped-by-agentv', 'n.eval.yaml', 2, 5]]);
    expect(skipped.suites[0]?.cases ?? []).toEqual([]);
    write('PROMPT.md', 'Summarise the repo.\r\n');
    const withPrompt = loadFile('n.eval.yaml');
    expect(where(withPrompt.diagnostics)).toEqual([['prompt-md', 'n.eval.yaml', 2, 5]]);
    expect(withPrompt.suites[0]!.cases.map((c) => [c.id, c.turns])).toEqual([['a', ['Summarise the repo.\n']]]);
  });

  // lowerScenariosIntoTests (EntityProcess/agentv 58f316ca2, yaml-parser.ts:411-447), run on these files from its
  // source: a scenario without config refuses the file ("scenarios[0].config must be an array"); an empty config
  // pairs the tests with no row, so no test is made; ids are the test's, else `<row id>__scenario_test_<n>`, else
  // `scenario-<s>-<c>-<t>`.
  it('scenarios: a missing config is refused, an empty one makes no test, ids as AgentV gives them', () => {
    write(
      'e.eval.yaml',
      [
        'prompts: ["{{ input }}"]',
        'scenarios:',
        '  - config: []',
        '    tests: [{vars: {input: hi}, assert: [{type: contains, value: x}]}]',
        '  - config: [{id: row, assert: [{type: contains, value: r}]}, {vars: {extra: 1}}]',
        '    tests:',
        '      - {vars: {input: a}, assert: [{type: contains, value: y}]}',
        '      - {vars: {input: b}, assert: [{type: contains, value: z}]}',
      ].join('\n'),
    );
    const { suites, diagnostics } = loadFile('e.eval.yaml');
    expect(where(diagnostics)).toEqual([['empty-scenario', 'e.eval.yaml', 3, 13]]);
    expect(suites[0]!.cases.map((c) => c.id)).toEqual([
      'row__scenario_test_1',
      'row__scenario_test_2',
      'scenario-2-2-1',
      'scenario-2-2-2',
    ]);
    write('m.eval.yaml', 'prompts: ["{{ input }}"]\nscenarios:\n  - tests: [{vars: {input: hi}}]\n');
    const missing = loadFile('m.eval.yaml');
    expect(where(missing.diagnostics)).toEqual([['wrong-type', 'm.eval.yaml', 3, 5]]);
    expect(missing.diagnostics[0]!.message).toMatch(/"config" is missing; AgentV refuses the file/);
  });
});
