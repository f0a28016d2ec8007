import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bySeverity, loadCorpus, SKILL_MD, SKILL_UP, stage, where } from './test-support/corpus.js';

const rules = (diagnostics: { ruleId: string }[]) => diagnostics.map((d) => d.ruleId);
let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

describe('corpus: skill-up eval.yaml suites', () => {
  it('skill-upper eval.yaml (engine.name): names each of the five absent case files at its entry', () => {
    const { result, file } = loadCorpus('skills/skill-upper/evals/eval.yaml');
    expect(result.suites).toEqual([]);
    const missing = result.diagnostics.filter((d) => d.ruleId === 'skill-up/missing-case-file');
    expect(missing.map((d) => [d.line, d.column, d.file])).toEqual([15, 16, 17, 18, 19].map((line) => [line, 7, file]));
    expect(missing.map((d) => /"([^"]+)"/.exec(d.message)![1])).toEqual([
      'evals/cases/scaffold-new-evals.yaml',
      'evals/cases/add-case-to-existing.yaml',
      'evals/cases/scaffold-with-qodercli-engine.yaml',
      'evals/cases/scaffold-with-script-judge.yaml',
      'evals/cases/english-context-generates-english-only-cases.yaml',
    ]);
    expect(missing[0]!.message).toContain(join(SKILL_UP, 'skills/skill-upper/evals/cases/scaffold-new-evals.yaml'));
    // Only the absent files (and the resulting empty suite) are errors.
    expect(rules(bySeverity(result.diagnostics, 'error'))).toEqual([
      ...missing.map(() => 'skill-up/missing-case-file'),
      'skill-up/no-cases',
    ]);
    expect(where(bySeverity(result.diagnostics, 'warning'))).toEqual([
      ['no-skill-root', 1, 1],
      ['not-honoured', 25, 3],
    ]);
  });

  it('skill-upper eval.yaml with its cases present: claude_code engine hint, defaults 300 s / 15 turns', () => {
    const evalYaml = readFileSync(`${SKILL_UP}skills/skill-upper/evals/eval.yaml`, 'utf8');
    const standIn = 'input:\n  prompt: do it\nexpect:\n  files_exist: [out.md]\n';
    const names = [
      'scaffold-new-evals',
      'add-case-to-existing',
      'scaffold-with-qodercli-engine',
      'scaffold-with-script-judge',
      'english-context-generates-english-only-cases',
    ];
    const s = stage({
      'SKILL.md': SKILL_MD,
      'evals/eval.yaml': evalYaml,
      ...Object.fromEntries(names.map((n) => [`evals/cases/${n}.yaml`, standIn])),
    });
    cleanup = s.cleanup;
    const { suites, diagnostics } = s.load('evals/eval.yaml');
    expect(bySeverity(diagnostics, 'error')).toEqual([]);
    const suite = suites[0]!;
    expect(suite.name).toBe('demo-skill');
    expect(suite.skill).toEqual({ name: 'demo-skill', dir: s.dir });
    expect(suite.cases.map((c) => c.id)).toEqual(names);
    expect(suite.cases.map((c) => [c.engine, c.limits.timeoutSeconds, c.limits.maxTurns])).toEqual(
      names.map(() => ['claude-code', 300, 15]),
    );
    expect(suite.cases[0]!.skills).toEqual([{ name: 'demo-skill', dir: s.dir }]);
    expect(suite.settings).toMatchObject({
      skillRoot: s.dir,
      report: { formats: ['json', 'html'] },
      engine: { name: 'claude_code' },
    });
  });

  it('code-stats eval.yaml (engine.type, suite script judge, benchmark, retry): three absent cases, every unapplied field warned (parallelism, retry_policy and benchmark are honoured)', () => {
    const { result } = loadCorpus('examples/code-stats/evals/eval.yaml');
    expect(result.suites).toEqual([]);
    expect(where(bySeverity(result.diagnostics, 'error'))).toEqual([
      ['missing-case-file', 23, 7],
      ['missing-case-file', 24, 7],
      ['missing-case-file', 25, 7],
      ['no-cases', 23, 5],
    ]);
    const warned = bySeverity(result.diagnostics, 'warning').map((d) => /^"([^"]+)"/.exec(d.message)?.[1] ?? d.ruleId);
    expect(warned.sort()).toEqual(
      [
        'skill-up/no-skill-root',
        'environment.workspace_mount',
        'environment.env',
        'report',
        'judge.script_path',
      ].sort(),
    );
  });

  it('code-stats eval.yaml with its cases present: qodercli hint, suite script judge for cases without a judge', () => {
    const evalYaml = readFileSync(`${SKILL_UP}examples/code-stats/evals/eval.yaml`, 'utf8');
    const own = readFileSync(`${SKILL_UP}examples/code-stats/evals/cases/exclude-dependencies.yaml`, 'utf8');
    const s = stage({
      'SKILL.md': SKILL_MD,
      'evals/eval.yaml': evalYaml,
      'evals/cases/analyze-directory.yaml': 'input:\n  prompt: analyze\n',
      'evals/cases/top-extensions.yaml': 'id: top\ninput:\n  prompt: top\n',
      'evals/cases/current-directory-format.yaml': own.replace('id: exclude-dependencies', 'id: current'),
      'evals/fixtures/scripts/check-stats.sh': '#!/bin/sh\nexit 0\n',
      'evals/fixtures/repos/sample-project/main.go': 'package main\n',
    });
    cleanup = s.cleanup;
    const { suites, diagnostics } = s.load('evals/eval.yaml');
    expect(bySeverity(diagnostics, 'error')).toEqual([]);
    const [analyze, top, current] = suites[0]!.cases;
    expect([analyze!.id, top!.id, current!.id]).toEqual(['analyze-directory', 'top', 'current']);
    expect(analyze!.engine).toBe('qodercli');
    expect(analyze!.checks).toEqual([
      {
        type: 'script',
        value: join(s.dir, 'evals/fixtures/scripts/check-stats.sh'),
        required: true,
        timeoutSeconds: 30,
      },
    ]);
    expect(analyze!.limits).toEqual({ timeoutSeconds: 900, maxTurns: 5 });
    // A case with its own judge does not inherit the suite's script.
    expect(current!.checks.map((c) => c.type)).toEqual(['regex', 'regex', 'regex', 'regex']);
    expect(current!.workspace.files).toEqual([{ from: join(s.dir, 'evals/fixtures/repos/sample-project'), to: '.' }]);
    expect(suites[0]!.settings).toMatchObject({
      benchmark: { enabled: true },
      parallelism: 2,
      cases: { parallelism: 2, retry_policy: { max_retries: 2, retry_on: ['error'] } },
    });
    // retry_policy becomes every case's retry: the runner re-runs errored executions (not timeouts) twice at most.
    expect(suites[0]!.cases.map((c) => c.retry)).toEqual([0, 1, 2].map(() => ({ max: 2, on: ['error'] })));
  });
});

describe('corpus: skill-up case files', () => {
  it('exclude-dependencies.yaml: context.files map, output_matches Go regexes with (?m), CJK title, unlisted in its eval.yaml', () => {
    const { result, cases, file } = loadCorpus('examples/code-stats/evals/cases/exclude-dependencies.yaml');
    expect(bySeverity(result.diagnostics, 'error')).toEqual([]);
    expect(where(bySeverity(result.diagnostics, 'warning'))).toEqual([
      ['unlisted-case', 1, 1],
      ['no-skill-root', 1, 1],
      ['missing-fixture', 10, 17],
    ]);
    expect(result.diagnostics[0]!.message).toMatch(/^\.\.\/eval\.yaml does not list this case/);
    expect(cases).toHaveLength(1);
    const c = cases[0]!;
    expect([c.id, c.name, c.kind]).toEqual(['exclude-dependencies', '统计项目代码时排除依赖目录', 'task']);
    expect(c.turns).toEqual(['请使用 code-stats 统计当前项目自己维护的代码，按 Skill 规定的完整格式报告。\n']);
    expect(c.checks).toEqual([
      { type: 'regex', value: '^- Total Files: 3$', flags: 'm', required: true },
      { type: 'regex', value: '^\\| \\.go \\| 2 \\| [0-9]+ \\|$', flags: 'm', required: true },
      { type: 'regex', value: '^\\| \\.md \\| 1 \\| [0-9]+ \\|$', flags: 'm', required: true },
      { type: 'regex', value: '^\\| \\.js \\|', flags: 'm', negate: true, required: true },
    ]);
    expect(new RegExp(c.checks[0]!.value as string, 'm').test('# Stats\n- Total Files: 3\n')).toBe(true);
    expect(c.gates).toEqual([]);
    expect(c.failIf).toEqual([]);
    expect(c.workspace.inline).toEqual({
      'node_modules/example-package/index.js':
        "export function externalDependency() {\n  return 'third-party code';\n}\n",
    });
    expect(c.workspace.files).toEqual([
      { from: `${SKILL_UP}examples/code-stats/evals/fixtures/repos/sample-project`, to: '.' },
    ]);
    expect(c.limits).toEqual({ timeoutSeconds: 900, maxTurns: 5 });
    expect(c.runs).toBeUndefined();
    expect(c.engine).toBeUndefined();
    expect(c.metadata).toEqual({ description: '验证代码统计不会把 node_modules 中的第三方文件算作项目源码' });
    expect(c.source).toEqual({ file, line: 1, column: 1, format: 'skill-up' });
  });

  it('scaffold-with-user-simulator.yaml: agent_judge without model, pass_threshold 1.0, files_exist gate, git init', () => {
    const { result, cases } = loadCorpus('skills/skill-upper/evals/cases/scaffold-with-user-simulator.yaml');
    expect(bySeverity(result.diagnostics, 'error')).toEqual([]);
    expect(where(bySeverity(result.diagnostics, 'warning'))).toEqual([
      ['unlisted-case', 1, 1],
      ['no-skill-root', 1, 1],
      ['missing-fixture', 8, 17],
      ['not-honoured', 34, 5],
    ]);
    const c = cases[0]!;
    expect([c.id, c.name, c.kind, c.threshold, c.judge]).toEqual([
      'scaffold-with-user-simulator',
      '为交互式评测配置独立的用户模拟模型',
      'task',
      1,
      undefined,
    ]);
    expect(c.turns).toHaveLength(1);
    expect(c.turns[0]).toMatch(/^请为当前目录下的 code-review-helper Skill 搭建交互式评测。\n/);
    expect(c.gates).toEqual([
      {
        type: 'file-exists',
        value: ['evals/eval.yaml', 'evals/cases/mixed-conversation.yaml', 'evals/cases/autonomous-conversation.yaml'],
      },
    ]);
    expect(c.checks.map((check) => check.type)).toEqual(Array(5).fill('llm-rubric'));
    expect(c.checks[0]!.value).toBe(
      'eval.yaml 独立配置 user_simulator.provider=simulation、protocol=openai、model=test-model，且不包含明文密钥',
    );
    expect(c.limits).toEqual({ timeoutSeconds: 300, maxTurns: 10 });
    expect(c.workspace.git).toEqual({ init: true, remotes: [] });
    expect(c.metadata.git).toBeUndefined();
    expect(c.metadata).toMatchObject({ judgeSettings: { context: { profile: 'standard' } } });
  });

  it('detect-boredom.yaml: tag trigger_test with output rules stays a task case (tag kept), expect becomes gates', () => {
    const { result, cases } = loadCorpus('e2e/testdata/trigger-detection/evals/cases/detect-boredom.yaml');
    expect(bySeverity(result.diagnostics, 'error')).toEqual([]);
    expect(where(result.diagnostics)).toEqual([
      ['standalone-case', 1, 1],
      ['no-skill-root', 1, 1],
      ['trigger-test-as-task', 7, 6],
    ]);
    const c = cases[0]!;
    expect([c.id, c.kind, c.shouldTrigger, c.tags, c.runs]).toEqual([
      'detect-boredom',
      'task',
      undefined,
      ['trigger_test'],
      undefined,
    ]);
    expect(c.turns).toEqual(["I'm so bored, I've been coding all day and my brain is about to explode"]);
    expect(c.gates).toEqual([
      { type: 'contains-all', value: ['😄'] },
      { type: 'contains-any', value: ['error', 'cannot'], negate: true },
    ]);
    expect(c.checks).toEqual([
      { type: 'contains-any', value: ['joke', 'story', 'haha', '😄', '😂', '😊', 'happy'], required: true },
    ]);
    expect(c.limits).toEqual({ timeoutSeconds: 30, maxTurns: 1 });
  });

  it('multi-turn-refinement.yaml: single prompt, output_contains all + not', () => {
    const { result, cases, suite } = loadCorpus(
      'e2e/testdata/multi-turn-conversation/evals/cases/multi-turn-refinement.yaml',
    );
    expect(bySeverity(result.diagnostics, 'error')).toEqual([]);
    expect(suite!.settings).toMatchObject({ standalone: true });
    const c = cases[0]!;
    expect([c.id, c.name, c.kind, c.tags]).toEqual([
      'multi-turn-refinement',
      'Iterative refinement - non-recursive quicksort',
      'task',
      ['functional_test'],
    ]);
    expect(c.turns).toHaveLength(1);
    expect(c.turns[0]).toMatch(/^Write a quicksort function in Python\.\n\nRequirements:\n1\. Use a stack/);
    expect(c.checks).toEqual([
      { type: 'contains-all', value: ['stack'], required: true },
      { type: 'contains-any', value: ['recursion', 'return quicksort('], negate: true, required: true },
    ]);
    expect(c.limits).toEqual({ timeoutSeconds: 180, maxTurns: 5 });
  });
});
