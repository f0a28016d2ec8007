import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createdPathPattern } from './created-path-pattern.js';
import { loadClaudePluginEval } from './load-claude-plugin-eval.js';
import { GREETER_PLUGIN, pluginTree } from './test-support/plugin-tree.js';
import { READ_ONLY_TOOLS } from './tool-grants.js';

const fixtures = join(import.meta.dirname, 'fixtures');
const brief = (d: { severity: string; ruleId: string; file: string; line?: number }) =>
  `${d.severity} ${d.ruleId.replace('claude-plugin-eval/', '')} ${d.file.replace(`${fixtures}/`, '')}:${d.line}`;

describe('the suite `claude plugin eval init --bare mycase` writes (2.1.330, copied verbatim)', () => {
  it('reads it, and refuses its TODO lines where Claude Code refuses them', () => {
    const { suites, diagnostics } = loadClaudePluginEval(join(fixtures, 'bare/evals/mycase/prompt.md'));
    expect(diagnostics.filter((d) => d.severity === 'error').map(brief)).toEqual([
      'error init-template bare/evals/mycase/prompt.md:6',
      'error init-template bare/evals/mycase/graders/criteria.md:6',
    ]);
    const [testCase] = suites[0]!.cases;
    // The template's front matter: max_turns 10, allowed_tools [Read, Glob, Grep, Skill]; weight 1, type llm.
    expect(testCase).toMatchObject({
      id: 'mycase',
      limits: { maxTurns: 10, timeoutSeconds: 300 },
      runs: 3,
      checks: [{ type: 'llm-rubric', name: 'criteria', weight: 1 }],
      metadata: { claudePluginEval: { caseSource: 'prose', allowedTools: ['Read', 'Glob', 'Grep', 'Skill'] } },
      skills: [{ name: 'hello' }],
    });
    expect(suites[0]!.settings).toEqual({ benchmark: { enabled: true } });
  });
});

describe('prompt.md with graders/*.md', () => {
  const load = () => loadClaudePluginEval(join(fixtures, 'greeter/evals/01-say-hello/prompt.md'));

  it('takes the case from the front matter and body, and the graders in sorted file order', () => {
    const testCase = load().suites[0]!.cases[0]!;
    expect(testCase).toMatchObject({
      id: '01-say-hello',
      turns: ['Say hello to Alex.'],
      limits: { maxTurns: 5, timeoutSeconds: 120 },
      runs: 2,
      tags: ['smoke'],
      verdictRule: 'every-check',
    });
    expect(testCase.threshold).toBeUndefined();
    expect(testCase.checks.map((c) => [c.name, c.type, c.weight])).toEqual([
      ['friendly', 'llm-rubric', 2],
      ['greets-by-name', 'regex', 1],
      // `tool_used: Skill` without arm is with-only: reported, not scored, under the with/without ablation.
      ['skill-fired', 'tool-called', 0],
    ]);
    expect(testCase.checks[0]!.value).toBe('The reply greets Alex by name in a friendly tone.');
    expect(testCase.checks[1]!.value).toBe('Hello, Alex');
  });

  it('says that a grader file without front matter grades nothing, as Claude Code skips it', () => {
    expect(load().diagnostics.map(brief)).toContain(
      'warning grader-skipped greeter/evals/01-say-hello/graders/notes.md:1',
    );
  });

  it('counts the prompt.md and grader files as parts of the case', () => {
    const { parts } = loadClaudePluginEval(join(fixtures, 'greeter/evals/02-yaml/case.yaml'));
    expect(parts).toEqual([]);
    expect(load().parts?.map((p) => p.replace(`${fixtures}/`, ''))).toEqual(
      expect.arrayContaining([
        'greeter/evals/01-say-hello/graders/friendly.md',
        'greeter/evals/01-say-hello/graders/notes.md',
      ]),
    );
  });
});

describe('case.yaml', () => {
  it('maps every grader kind skill-eval can grade as Claude Code does', () => {
    const { suites, diagnostics } = loadClaudePluginEval(join(fixtures, 'greeter/evals/02-yaml/case.yaml'));
    expect(diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    const testCase = suites[0]!.cases[0]!;
    expect(testCase).toMatchObject({ id: 'yaml-case', system: 'Be brief.', model: 'claude-sonnet-4-5', runs: 1 });
    expect(testCase.checks).toEqual([
      { type: 'regex', name: 'no-apology', value: 'sorry', flags: 'i', negate: true, weight: 1 },
      // Claude Code's file_exists: one of the paths the run created (created-path-pattern.ts).
      {
        type: 'regex',
        name: 'wrote-file',
        over: 'created-files',
        value: createdPathPattern('greeting.txt'),
        flags: 'm',
        weight: 3,
      },
      { type: 'tool-not-called', name: 'no-bash', value: 'Bash', weight: 1 },
      { type: 'tool-called', name: 'pinned-skill', value: 'Skill', weight: 0 },
      { type: 'llm-rubric', name: 'judged', value: 'The agent says it is done.', verdict: 'pass-fail', weight: 1 },
    ]);
  });

  it('names, at its line, everything it cannot run or grade as Claude Code does', () => {
    const { diagnostics } = loadClaudePluginEval(join(fixtures, 'greeter/evals/03-unsupported/case.yaml'));
    const at = 'greeter/evals/03-unsupported/case.yaml';
    expect(diagnostics.map(brief)).toEqual([
      `warning unknown-key ${at}:11`,
      `error path-escapes-case ${at}:4`,
      `error setting-not-applied ${at}:5`,
      `warning setting-not-applied ${at}:10`,
      // The baseline grader is graded when its file is in the case directory; this one is not there.
      `error missing-field ${at}:19`,
      `error grader-not-gradable ${at}:34`,
    ]);
  });

  it('counts the matches of a `match: count:N` regex', () => {
    const { suites } = loadClaudePluginEval(join(fixtures, 'greeter/evals/03-unsupported/case.yaml'));
    expect(suites[0]!.cases[0]!.checks.find((c) => c.name === 'twice')).toMatchObject({
      type: 'regex',
      value: 'Hello',
      matchCount: 2,
    });
  });
});

describe('allowed_tools and disallowed_tools, as Claude Code 2.1.330 grants tools in an eval run', () => {
  const load = (execution: string[], allowTools?: string[]) => {
    const root = pluginTree({
      ...GREETER_PLUGIN,
      'evals/t/case.yaml': [
        'schema_version: "1.0"',
        'name: t',
        'execution:',
        '  prompt: go',
        ...execution,
        'graders:',
        '  - {name: a, type: regex, pattern: x}',
      ].join('\n'),
    });
    const options = allowTools ? { allowTools } : {};
    const { suites, diagnostics } = loadClaudePluginEval(join(root, 'evals/t/case.yaml'), undefined, options);
    return { testCase: suites[0]!.cases[0]!, diagnostics: diagnostics.map((d) => [d.severity, d.ruleId, d.line]) };
  };

  it('gives a case without allowed_tools the read-only set only, as a run without --allow-tools has', () => {
    const { testCase, diagnostics } = load([]);
    expect(testCase.tools?.allowed).toEqual(READ_ONLY_TOOLS);
    expect(testCase.tools?.allowed).not.toContain('Write');
    expect(testCase.tools?.disallowed).toEqual([]);
    expect(diagnostics).toEqual([]);
  });

  it("adds the tools a case lists, a file-writing tool with its family, and leaves MCP tools to the case's servers", () => {
    const { testCase } = load(['  allowed_tools: [Skill, Write, "mcp__tickets__list"]']);
    expect(testCase.tools?.allowed).toEqual([...READ_ONLY_TOOLS, 'Write', 'Edit', 'NotebookEdit']);
    expect(testCase.metadata.claudePluginEval).toMatchObject({
      allowedTools: ['Skill', 'Write', 'mcp__tickets__list'],
    });
  });

  it("grants, with the allowTools setting, what Claude Code's --allow-tools grants every case, whatever the case lists", () => {
    // Observed: `--allow-tools Write` gives Write (and Edit) to a case listing Skill only, and not Bash to one listing it.
    const listsSkill = load(['  allowed_tools: [Skill]'], ['Write']).testCase;
    expect(listsSkill.tools?.allowed).toEqual([...READ_ONLY_TOOLS, 'Write', 'Edit', 'NotebookEdit']);
    const listsBash = load(['  allowed_tools: [Bash]'], ['Write']).testCase;
    expect(listsBash.tools?.allowed).not.toContain('Bash');
  });

  it('keeps the disallowed tools from the agent, even the listed ones, and then the family of a disallowed writer', () => {
    const { testCase } = load(['  allowed_tools: [Write]', '  disallowed_tools: [Write, Agent]']);
    expect(testCase.tools?.disallowed).toEqual(['Write', 'Agent']);
    // Observed on 2.1.330: allowed_tools [Write] with disallowed_tools [Write] is offered neither Write nor Edit.
    expect(testCase.tools?.allowed).toEqual(READ_ONLY_TOOLS.filter((tool) => tool !== 'Agent'));
    const edit = load(['  allowed_tools: [Write, Edit]', '  disallowed_tools: [Write]']).testCase;
    expect(edit.tools?.allowed).toEqual([...READ_ONLY_TOOLS, 'Edit', 'NotebookEdit']);
  });

  it('says at the line what it gives otherwise: a pattern, a shell, a tool no eval run has; and refuses a pattern in disallowed_tools', () => {
    const { testCase, diagnostics } = load([
      '  allowed_tools: ["Bash(npm test:*)", Monitor]',
      '  disallowed_tools: ["Write(x)"]',
    ]);
    expect(diagnostics).toEqual([
      ['warning', 'claude-plugin-eval/tool-grant-differs', 5],
      ['info', 'claude-plugin-eval/tool-grant-differs', 5],
      ['warning', 'claude-plugin-eval/tool-grant-differs', 5],
      ['error', 'claude-plugin-eval/wrong-type', 6],
    ]);
    expect(testCase.tools?.allowed).toContain('Bash');
    expect(testCase.tools?.allowed).not.toContain('Monitor');
  });
});

describe('regex graders over the files the run created and over its mocked MCP calls', () => {
  it('reads them as regex checks over created-files and mcp-calls, and refuses mock_calls where no mock applies', () => {
    const graders = [
      'graders:',
      '  - {name: made-md, type: regex, target: files, pattern: "\\\\.md$", flags: m}',
      '  - {name: no-tmp, type: regex, target: files, pattern: "tmp", match: not_contains}',
      '  - {name: listed, type: regex, target: mock_calls, pattern: "\\"verdict\\":\\"ok\\""}',
      '  - {name: heading, type: regex, target: {source: file, path: a.md}, pattern: "^# A", flags: m}',
    ];
    const caseYaml = ['schema_version: "1.0"', 'name: c', 'execution:', '  prompt: go', ...graders].join('\n');
    const mocked = pluginTree({
      ...GREETER_PLUGIN,
      'evals/c/case.yaml': caseYaml,
      'evals/mocks/tickets/list.md': 'T-1\n',
    });
    const { suites, diagnostics } = loadClaudePluginEval(join(mocked, 'evals/c/case.yaml'));
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(suites[0]!.cases[0]!.checks).toEqual([
      { type: 'regex', name: 'made-md', value: '\\.md$', flags: 'm', over: 'created-files', weight: 1 },
      { type: 'regex', name: 'no-tmp', value: 'tmp', over: 'created-files', negate: true, weight: 1 },
      { type: 'regex', name: 'listed', value: '"verdict":"ok"', over: 'mcp-calls', weight: 1 },
      { type: 'regex', name: 'heading', value: '^# A', flags: 'm', over: 'file', path: 'a.md', weight: 1 },
    ]);
    const bare = pluginTree({ ...GREETER_PLUGIN, 'evals/c/case.yaml': caseYaml });
    const refused = loadClaudePluginEval(join(bare, 'evals/c/case.yaml')).diagnostics;
    expect(refused.map((d) => [d.severity, d.ruleId, d.line])).toEqual([
      ['error', 'claude-plugin-eval/grader-not-gradable', 8],
    ]);
  });
});

describe('merging case.yaml with prompt.md, as Claude Code does (binary `function Ms(e,r,o)`)', () => {
  it('prompt.md overrides the prompt and top keys, adds its graders, and joins the disallowed tools', () => {
    const root = pluginTree({
      ...GREETER_PLUGIN,
      'evals/mixed/case.yaml': [
        'schema_version: "1.0"',
        'name: from-yaml',
        'runs: 5',
        'execution:',
        '  prompt: yaml prompt',
        '  max_turns: 7',
        '  disallowed_tools: [Agent]',
        'graders:',
        '  - {name: a, type: regex, pattern: x}',
      ].join('\n'),
      'evals/mixed/prompt.md': '---\nname: from-md\ndisallowed_tools: [TaskStop]\n---\nmd prompt\n',
      'evals/mixed/graders/b.md': '---\ntype: regex\n---\ny\n',
    });
    const { suites } = loadClaudePluginEval(join(root, 'evals/mixed/case.yaml'));
    expect(suites[0]!.cases[0]).toMatchObject({
      name: 'from-md',
      turns: ['md prompt'],
      runs: 5,
      limits: { maxTurns: 7 },
      metadata: { claudePluginEval: { caseSource: 'mixed', disallowedTools: ['Agent', 'TaskStop'] } },
    });
    expect(suites[0]!.cases[0]!.checks.map((c) => c.name)).toEqual(['a', 'b']);
  });

  it('refuses an unknown prompt.md front matter key at its line', () => {
    const root = pluginTree({
      ...GREETER_PLUGIN,
      'evals/c/prompt.md': '---\nmax_turns: 3\nturns: 4\n---\nHi\n',
      'evals/c/graders/g.md': '---\ntype: regex\n---\nHi\n',
    });
    const { diagnostics } = loadClaudePluginEval(join(root, 'evals/c/prompt.md'));
    expect(diagnostics).toMatchObject([{ severity: 'error', ruleId: 'claude-plugin-eval/unknown-key', line: 3 }]);
  });
});

describe('with-only graders and the ablation', () => {
  const tree = (graders: string[], plugin = GREETER_PLUGIN) =>
    pluginTree({
      ...plugin,
      'evals/c/case.yaml': [
        'schema_version: "1.0"',
        'name: c',
        'execution: {prompt: hi}',
        'graders:',
        ...graders.map((g) => `  - ${g}`),
      ].join('\n'),
    });
  const weights = (root: string) => {
    const { suites } = loadClaudePluginEval(join(root, 'evals/c/case.yaml'));
    return { weights: suites[0]!.cases[0]!.checks.map((c) => c.weight), settings: suites[0]!.settings };
  };

  it('arm: both keeps a Skill grader in the score', () => {
    expect(
      weights(tree(['{name: s, type: tool_used, tool: Skill, arm: both}', '{name: r, type: regex, pattern: x}']))
        .weights,
    ).toEqual([1, 1]);
  });

  it('when every grader is with-only they are all scored (binary: `h=e.case_.graders.every(a)`)', () => {
    expect(
      weights(
        tree([
          '{name: s, type: tool_used, tool: Skill}',
          '{name: r, type: regex, pattern: x, arm: with-only, weight: 2}',
        ]),
      ).weights,
    ).toEqual([1, 2]);
  });

  it('without a plugin there is one arm: no benchmark, and with-only graders are scored', () => {
    const root = tree(['{name: s, type: tool_used, tool: Skill}', '{name: r, type: regex, pattern: x}'], {});
    expect(weights(root)).toEqual({ weights: [1, 1], settings: {} });
  });
});

describe('tool_used counts, as Claude Code counts them (binary `function Lm`: min defaults to 1)', () => {
  const load = (grader: string) => {
    const root = pluginTree({
      ...GREETER_PLUGIN,
      'evals/c/case.yaml': [
        'schema_version: "1.0"',
        'name: c',
        'execution: {prompt: hi}',
        'graders:',
        `  - ${grader}`,
      ].join('\n'),
    });
    return loadClaudePluginEval(join(root, 'evals/c/case.yaml'));
  };

  it('max: 0 without min can never pass, in Claude Code and here: graded so, with a warning that says so', () => {
    const { suites, diagnostics } = load('{name: n, type: tool_used, tool: Bash, max: 0}');
    expect(diagnostics).toMatchObject([
      {
        severity: 'warning',
        ruleId: 'claude-plugin-eval/never-passes',
        line: 5,
        message: expect.stringMatching(/never passes/),
      },
    ]);
    expect(suites[0]!.cases[0]!.checks[0]).toMatchObject({ type: 'tool-called', value: 'Bash', max: 0 });
  });

  it('min: 1 is "called", min: 0 with max: 0 "never called"', () => {
    expect(load('{name: n, type: tool_used, tool: Bash, min: 1}').suites[0]!.cases[0]!.checks[0]!.type).toBe(
      'tool-called',
    );
    expect(load('{name: n, type: tool_used, tool: Bash, min: 0, max: 0}').suites[0]!.cases[0]!.checks[0]!.type).toBe(
      'tool-not-called',
    );
  });

  it('input_match and other counts count the matching calls, as Claude Code does', () => {
    const grader = `{name: n, type: tool_used, tool: Skill, input_match: '"skill"\\s*:\\s*"map"', min: 2, max: 3}`;
    const { suites, diagnostics } = load(grader);
    expect(diagnostics).toEqual([]);
    expect(suites[0]!.cases[0]!.checks[0]).toMatchObject({
      type: 'tool-called',
      value: 'Skill',
      inputMatches: '"skill"\\s*:\\s*"map"',
      min: 2,
      max: 3,
    });
    expect(load("{name: n, type: tool_used, tool: Skill, input_match: '('}").diagnostics).toMatchObject([
      { severity: 'error', ruleId: 'claude-plugin-eval/invalid-regex', line: 5 },
    ]);
  });

  it('tool_order becomes tool-order, with a name or {tool, input_match} on each side (binary `function Cs`)', () => {
    const grader = `{name: n, type: tool_order, before: Write, after: {tool: Read, input_match: 'a\\.txt'}}`;
    const { suites, diagnostics } = load(grader);
    expect(diagnostics).toEqual([]);
    expect(suites[0]!.cases[0]!.checks[0]).toMatchObject({
      type: 'tool-order',
      before: 'Write',
      after: { tool: 'Read', inputMatches: 'a\\.txt' },
    });
    expect(
      load('{name: n, type: tool_order, before: Write, after: {tool: Read, pattern: x}}').diagnostics,
    ).toMatchObject([{ severity: 'error', ruleId: 'claude-plugin-eval/wrong-type', line: 5 }]);
    expect(
      load("{name: n, type: tool_order, before: {tool: Read, input_match: '('}, after: Write}").diagnostics,
    ).toMatchObject([{ severity: 'error', ruleId: 'claude-plugin-eval/invalid-regex', line: 5 }]);
  });

  it('an arm Claude Code does not know is an error, as its schema refuses it', () => {
    const { diagnostics } = load('{name: n, type: tool_used, tool: Skill, arm: with_only}');
    expect(diagnostics).toMatchObject([{ severity: 'error', ruleId: 'claude-plugin-eval/wrong-type' }]);
  });
});

describe('scaffold_script', () => {
  it('becomes a setup step that needs --trust, with a file_exists grader graded on the files the run created', () => {
    const root = pluginTree({
      ...GREETER_PLUGIN,
      "evals/s/fixture it's.sh": 'echo seed > seed.txt\n',
      'evals/s/case.yaml': [
        'schema_version: "1.0"',
        'name: s',
        'context:',
        `  scaffold_script: "fixture it's.sh"`,
        'execution: {prompt: hi}',
        'graders:',
        '  - {name: seeded, type: file_exists, path: seed.txt}',
      ].join('\n'),
    });
    const { suites, diagnostics } = loadClaudePluginEval(join(root, 'evals/s/case.yaml'));
    expect(suites[0]!.cases[0]!.workspace.setup).toEqual([`bash '${join(root, 'evals/s/fixture it')}'\\''s.sh'`]);
    expect(diagnostics.map((d) => [d.severity, d.ruleId.split('/')[1], d.line])).toEqual([['info', 'needs-trust', 4]]);
    // As in Claude Code, seed.txt is absent for it: the scaffold made it before the run (the workspace as it was then
    // is what the created paths are taken against).
    expect(suites[0]!.cases[0]!.checks[0]).toMatchObject({ type: 'regex', over: 'created-files' });
  });
});

describe('the eval folder', () => {
  it("reads the manifest's experimental.evals", async () => {
    const { detectClaudePluginEval } = await import('./detect.js');
    const root = pluginTree({
      '.claude-plugin/plugin.json': '{"name": "p", "experimental": {"evals": "quality/evals"}}',
      'skills/s/SKILL.md': '---\nname: s\n---\n',
      'quality/evals/c/prompt.md': 'Hi\n',
      'evals/c/prompt.md': 'Hi\n',
    });
    expect(detectClaudePluginEval(join(root, 'quality/evals/c/prompt.md'), 'Hi\n')).toBeGreaterThan(0.5);
    expect(detectClaudePluginEval(join(root, 'evals/c/prompt.md'), 'Hi\n')).toBe(0);
  });
});

describe('aliases that name no anchor', () => {
  it('are a syntax error at the alias, in case.yaml and in a prompt.md frontmatter, and load nothing', () => {
    const caseYaml = pluginTree({
      ...GREETER_PLUGIN,
      'evals/t/case.yaml': ['schema_version: "1.0"', 'name: *nope', 'execution:', '  prompt: go'].join('\n'),
    });
    const fromYaml = loadClaudePluginEval(join(caseYaml, 'evals/t/case.yaml'));
    expect(fromYaml.suites).toEqual([]);
    expect(fromYaml.diagnostics).toMatchObject([
      { severity: 'error', ruleId: 'claude-plugin-eval/syntax', line: 2, column: 7 },
    ]);
    expect(fromYaml.diagnostics[0]!.message).toMatch(
      /^case\.yaml: YAML parse failed: Unresolved alias .*: nope; set the anchor/,
    );

    const prompt = pluginTree({ ...GREETER_PLUGIN, 'evals/p/prompt.md': '---\nruns: 2\ntags: *nope\n---\nSay hi.\n' });
    const fromPrompt = loadClaudePluginEval(join(prompt, 'evals/p/prompt.md'));
    expect(fromPrompt.suites).toEqual([]);
    expect(fromPrompt.diagnostics).toMatchObject([
      { severity: 'error', ruleId: 'claude-plugin-eval/syntax', line: 3, column: 7 },
    ]);
  });
});

describe('case.yaml read as Claude Code’s YAML reader reads it', () => {
  const head = ['schema_version: "1.0"', 'name: c', 'execution:', '  prompt: go'];
  /** A case.yaml of `head`, then `lines`, then `graders`: its case and what was said, as `<severity> <rule> line:column`. */
  const load = (lines: string[], graders = ['  - {name: a, type: regex, pattern: x}'], top = head) => {
    const text = `${[...top, ...lines, 'graders:', ...graders].join('\n')}\n`;
    const root = pluginTree({ ...GREETER_PLUGIN, 'evals/c/case.yaml': text });
    const { suites, diagnostics } = loadClaudePluginEval(join(root, 'evals/c/case.yaml'));
    const at = (d: { ruleId: string; line?: number; column?: number; severity: string }) =>
      `${d.severity} ${d.ruleId.replace('claude-plugin-eval/', '')} ${d.line}:${d.column}`;
    return { testCase: suites[0]?.cases[0], said: diagnostics.map(at) };
  };

  it('keeps the later value of a key given twice, warning at the later one, and points at it', () => {
    const { testCase, said } = load(['  max_turns: 3', '  max_turns: 0']);
    // The later value counts: out of range, at its own line.
    expect(said).toEqual(['warning repeated-key 6:3', 'error wrong-type 6:14']);
    expect(testCase?.limits.maxTurns).toBe(10);
  });

  it('refuses a field with no value once, at the field', () => {
    const { said } = load(['  timeout_seconds:'], ['  - {name: a, type: regex, pattern: x, weight: ~}']);
    expect(said).toEqual(['error empty-value 5:19', 'error empty-value 7:48']);
  });

  it('merges a merge key, and points at the map a merged field joined', () => {
    const { testCase, said } = load(
      ['base: &base {type: regex, pattern: x, weight: 0}'],
      ['  - <<: *base', '    name: a'],
    );
    expect(said).toContain('error wrong-type 7:5');
    expect(testCase?.checks).toEqual([]);
  });

  it('keeps a quoted value with a number tag as text, and sends the prompt as written', () => {
    const top = ['schema_version: "1.0"', 'name: !!int "12"', 'execution:', '  prompt: |', '    go'];
    const { testCase, said } = load([], undefined, top);
    expect(said.filter((s) => s.startsWith('error'))).toEqual([]);
    expect(testCase).toMatchObject({ name: '12', turns: ['go\n'] });
  });
});
