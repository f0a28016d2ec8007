// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} references are the data under test.
import { execFileSync } from 'node:child_process';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withSideFileTrust } from '@skill-eval/format-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { bySeverity, SKILL_MD, stage, where } from './test-support/corpus.js';

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});
const staged = (files: Record<string, string>) => {
  const s = stage({ 'SKILL.md': SKILL_MD, ...files });
  cleanup = s.cleanup;
  return s;
};
const suiteYaml = (...lines: string[]) =>
  ['schema_version: v1alpha1', 'environment: {type: none}', ...lines].join('\n');

describe('eval.yaml with its case files', () => {
  it('case files it lists load with it; loading one directly gives no suite, only an info', () => {
    const s = staged({
      'evals/eval.yaml': suiteYaml('cases:', '  files: [evals/cases/a.yaml, "evals/cases/b.yaml"]'),
      'evals/cases/a.yaml': 'input: {prompt: A}\nexpect: {must_contain: [x]}\n',
      'evals/cases/b.yaml': 'id: bee\ninput: {prompt: B}\nexpect: {must_contain: [y]}\n',
    });
    const suite = s.load('evals/eval.yaml');
    expect(suite.diagnostics).toEqual([]);
    expect(suite.suites[0]!.id).toBe('evals/eval.yaml');
    expect(suite.suites[0]!.cases.map((c) => [c.id, c.turns[0], c.engine])).toEqual([
      ['a', 'A', undefined],
      ['bee', 'B', undefined],
    ]);
    // Its case files are its parts: a folder scan does not load them again.
    expect(suite.parts).toEqual(suite.suites[0]!.cases.map((c) => c.source.file));
    const direct = s.load('evals/cases/a.yaml');
    expect(direct.suites).toEqual([]);
    expect(direct.diagnostics.map((d) => [d.severity, d.ruleId, d.message])).toEqual([
      [
        'info',
        'skill-up/belongs-to-suite',
        'This case is listed in ../eval.yaml and loads with that suite; run that file to run it.',
      ],
    ]);
  });

  it('a case file outside the project is an error --trust lifts; one inside it loads as listed', () => {
    const s = stage({
      'skill/SKILL.md': SKILL_MD,
      'skill/evals/eval.yaml': suiteYaml('cases:', '  files: [evals/cases/in.yaml, ../outside/case.yaml]'),
      'skill/evals/cases/in.yaml': 'input: {prompt: In}\nexpect: {exit_code: 0}\n',
      'outside/case.yaml': 'input: {prompt: Out}\nexpect: {exit_code: 0}\n',
    });
    cleanup = s.cleanup;
    const { suites, diagnostics } = s.load('skill/evals/eval.yaml');
    expect(where(diagnostics)).toEqual([['outside-project', 4, 32]]);
    expect(diagnostics[0]).toMatchObject({ severity: 'error', needsTrust: true });
    expect(diagnostics[0]!.message).toContain('outside this project');
    // Not read without --trust: nothing of it reaches a case.
    expect(suites[0]!.cases.map((c) => c.id)).toEqual(['in']);
    expect(JSON.stringify(suites)).not.toContain('Out');
    // With --trust (the CLI loads inside withSideFileTrust) it is read, and the error becomes a warning there.
    const trusted = withSideFileTrust(true, () => s.load('skill/evals/eval.yaml'));
    expect(where(trusted.diagnostics)).toEqual([['outside-project', 4, 32]]);
    expect(trusted.suites[0]!.cases.map((c) => c.id)).toEqual(['in', 'case']);
  });

  it.runIf(process.platform !== 'win32')(
    'cases.files: a glob leaving the skill root is not expanded, a link out is not read, a FIFO hangs nothing',
    () => {
      const s = stage({
        'skill/SKILL.md': SKILL_MD,
        'skill/evals/eval.yaml': suiteYaml(
          'cases:',
          '  files: [evals/cases/in.yaml, "../**/hosts.yml", "/**/nonexist*.yml", evals/cases/link.yaml, evals/cases/fifo.yaml]',
        ),
        'skill/evals/cases/in.yaml': 'input: {prompt: In}\nexpect: {exit_code: 0}\n',
        'hosts.yml': 'input: {prompt: outside-secret-3c}\nexpect: {exit_code: 0}\n',
      });
      cleanup = s.cleanup;
      symlinkSync(join(s.dir, 'hosts.yml'), join(s.dir, 'skill/evals/cases/link.yaml'));
      execFileSync('mkfifo', [join(s.dir, 'skill/evals/cases/fifo.yaml')]);
      const { suites, diagnostics } = s.load('skill/evals/eval.yaml');
      expect(suites[0]!.cases.map((c) => c.id)).toEqual(['in']);
      expect(JSON.stringify({ suites, diagnostics })).not.toContain('outside-secret-3c');
      expect(where(diagnostics).map(([rule]) => rule)).toEqual([
        'outside-project',
        'outside-project',
        'outside-project',
        'missing-case-file',
      ]);
      expect(diagnostics[3]!.message).toContain('not a regular file');
    },
  );

  it('globs in cases.files expand in sorted order; a glob matching nothing is an error at it', () => {
    const s = staged({
      'evals/eval.yaml': suiteYaml('cases:', '  files:', '    - "evals/cases/*.yaml"', '    - "evals/more/*.yaml"'),
      'evals/cases/b.yaml': 'input: {prompt: B}\nexpect: {exit_code: 0}\n',
      'evals/cases/a.yaml': 'input: {prompt: A}\nexpect: {exit_code: 0}\n',
    });
    const { suites, diagnostics } = s.load('evals/eval.yaml');
    expect(suites[0]!.cases.map((c) => c.id)).toEqual(['a', 'b']);
    expect(where(diagnostics)).toEqual([['missing-case-file', 6, 7]]);
    expect(diagnostics[0]!.message).toContain('"evals/more/*.yaml" matches no file');
    expect(s.load('evals/cases/b.yaml').suites).toEqual([]);
  });

  it('a file listed twice and two cases with one id are errors; problems in a case file point into it', () => {
    const s = staged({
      'evals/eval.yaml': suiteYaml(
        'cases:',
        '  files:',
        '    - evals/cases/a.yaml',
        '    - ./evals/cases/a.yaml',
        '    - evals/cases/b.yaml',
        '    - evals/cases/c.yaml',
      ),
      'evals/cases/a.yaml': 'id: same\ninput: {prompt: A}\nexpect: {exit_code: 0}\n',
      'evals/cases/b.yaml': 'id: same\ninput: {prompt: B}\nexpect: {exit_code: 0}\n',
      'evals/cases/c.yaml': 'input: {prompt: 7}\n',
    });
    const { suites, diagnostics } = s.load('evals/eval.yaml');
    expect(suites[0]!.cases.map((c) => c.turns[0])).toEqual(['A']);
    expect(diagnostics.map((d) => [d.ruleId, d.file.slice(s.dir.length), d.line, d.column])).toEqual([
      ['skill-up/duplicate-case-file', '/evals/eval.yaml', 6, 7],
      ['skill-up/duplicate-id', '/evals/cases/b.yaml', 1, 5],
      ['skill-up/wrong-type', '/evals/cases/c.yaml', 1, 17],
    ]);
    expect(diagnostics[1]!.message).toBe(
      'Case id "same" is already used by evals/cases/a.yaml; skill-up keys results by id, so give this case another id.',
    );
  });

  it('a listed case file reached through a symlinked folder still belongs to its suite', () => {
    const s = staged({
      'evals/eval.yaml': suiteYaml('cases:', '  files: [evals/cases/a.yaml]'),
      'evals/cases/a.yaml': 'input: {prompt: A}\nexpect: {exit_code: 0}\n',
      'evals/cases/b.yaml': 'input: {prompt: B}\nexpect: {exit_code: 0}\n',
    });
    symlinkSync(join(s.dir, 'evals/cases'), join(s.dir, 'evals/linked'));
    // Through the link, only the real path says whether the suite lists it.
    expect(s.load('evals/linked/a.yaml').diagnostics.map((d) => d.ruleId)).toEqual(['skill-up/belongs-to-suite']);
    expect(s.load('evals/cases/a.yaml').diagnostics.map((d) => d.ruleId)).toEqual(['skill-up/belongs-to-suite']);
    expect(s.load('evals/cases/b.yaml').diagnostics.map((d) => d.ruleId)).toContain('skill-up/unlisted-case');
  });

  it('a case file added under a glob, or an eval.yaml that changes, is seen at once (the listing is not stale)', () => {
    const s = staged({
      'evals/eval.yaml': suiteYaml('cases:', '  files: ["evals/cases/*.yaml"]'),
      'evals/cases/a.yaml': 'input: {prompt: A}\nexpect: {exit_code: 0}\n',
    });
    expect(s.load('evals/cases/a.yaml').suites).toEqual([]);
    writeFileSync(join(s.dir, 'evals/cases/b.yaml'), 'input: {prompt: B}\nexpect: {exit_code: 0}\n');
    const added = s.load('evals/cases/b.yaml');
    expect(added.suites).toEqual([]);
    expect(added.diagnostics.map((d) => d.ruleId)).toEqual(['skill-up/belongs-to-suite']);
    writeFileSync(join(s.dir, 'evals/eval.yaml'), suiteYaml('cases:', '  files: [evals/cases/a.yaml]'));
    const dropped = s.load('evals/cases/b.yaml');
    expect(where(dropped.diagnostics)).toEqual([['unlisted-case', 1, 1]]);
    expect(dropped.suites[0]!.cases.map((c) => c.turns[0])).toEqual(['B']);
  });

  it('an unlisted case file beside an eval.yaml loads alone, with a warning naming that eval.yaml', () => {
    const s = staged({
      'evals/eval.yaml': suiteYaml('cases:', '  files: [evals/cases/a.yaml]'),
      'evals/cases/a.yaml': 'input: {prompt: A}\nexpect: {exit_code: 0}\n',
      'evals/cases/extra.yaml': 'input: {prompt: X}\nexpect: {exit_code: 0}\n',
    });
    const { suites, diagnostics } = s.load('evals/cases/extra.yaml');
    expect(where(diagnostics)).toEqual([['unlisted-case', 1, 1]]);
    expect(suites[0]!.cases.map((c) => [c.id, c.limits.timeoutSeconds, c.limits.maxTurns])).toEqual([
      ['extra', 300, 10],
    ]);
    expect(suites[0]!.skill).toEqual({ name: 'demo-skill', dir: s.dir });
  });
});

describe('suite defaults reach the cases', () => {
  it("cases.defaults: limits, expect (merged with each case's, as skill-up 0.8.0 does) and collect_artifacts (unioned)", () => {
    const s = staged({
      'evals/eval.yaml': suiteYaml(
        'cases:',
        '  files: [evals/cases/a.yaml, evals/cases/b.yaml, evals/cases/c.yaml]',
        '  defaults:',
        '    timeout_seconds: 120',
        '    max_turns: 4',
        '    expect: {must_not_contain: [TODO], exit_code: 0}',
        '    collect_artifacts: ["**/*.json"]',
      ),
      'evals/cases/a.yaml': 'input: {prompt: A}\ncollect_artifacts: ["out/**", "**/*.json"]\n',
      'evals/cases/b.yaml':
        'input: {prompt: B}\nconstraints: {timeout_seconds: 0, max_turns: 9}\nexpect: {files_exist: [r.md]}\n',
      // Lists append without repeats (defaults first); exit_code of the case replaces the default.
      'evals/cases/c.yaml': 'input: {prompt: C}\nexpect: {must_not_contain: [TODO, FIXME], exit_code: 1}\n',
    });
    const [a, b] = s.load('evals/eval.yaml').suites[0]!.cases;
    expect(a!.limits).toEqual({ timeoutSeconds: 120, maxTurns: 4 });
    expect(a!.gates).toEqual([
      { type: 'contains-any', value: ['TODO'], negate: true },
      { type: 'exit-code', value: 0 },
    ]);
    expect(a!.workspace.artifacts).toEqual(['**/*.json', 'out/**']);
    // 0 means "not set" in skill-up.
    expect(b!.limits).toEqual({ timeoutSeconds: 120, maxTurns: 9 });
    expect(b!.gates).toEqual([
      { type: 'contains-any', value: ['TODO'], negate: true },
      { type: 'exit-code', value: 0 },
      { type: 'file-exists', value: ['r.md'] },
    ]);
    const c = s.load('evals/eval.yaml').suites[0]!.cases[2]!;
    expect(c.gates).toEqual([
      { type: 'contains-any', value: ['TODO', 'FIXME'], negate: true },
      { type: 'exit-code', value: 1 },
    ]);
  });

  it('the suite judge grades cases without one; a case judge overrides it but inherits model and pass_threshold', () => {
    const s = staged({
      'evals/eval.yaml': suiteYaml(
        'cases:',
        '  files: [evals/cases/a.yaml, evals/cases/b.yaml]',
        'judge:',
        '  type: agent_judge',
        '  model: anthropic/claude-sonnet-4-6',
        '  criteria: [is helpful]',
        '  pass_threshold: 0.5',
      ),
      'evals/cases/a.yaml': 'input: {prompt: A}\n',
      'evals/cases/b.yaml': 'input: {prompt: B}\njudge:\n  type: agent_judge\n  criteria: [is short, is right]\n',
    });
    const { suites, diagnostics } = s.load('evals/eval.yaml');
    expect(diagnostics).toEqual([]);
    const [a, b] = suites[0]!.cases;
    expect([a!.checks, a!.threshold, a!.judge]).toEqual([
      [{ type: 'llm-rubric', value: 'is helpful' }],
      0.5,
      'anthropic/claude-sonnet-4-6',
    ]);
    expect([b!.checks.map((c) => c.value), b!.threshold, b!.judge]).toEqual([
      ['is short', 'is right'],
      0.5,
      'anthropic/claude-sonnet-4-6',
    ]);
  });

  it('a suite agent_judge without criteria is only a default: an error only once a case without a judge uses it', () => {
    const suite = (files: string) =>
      suiteYaml(
        'cases:',
        `  files: [${files}]`,
        'judge:',
        '  type: agent_judge',
        '  model: anthropic/claude-sonnet-4-6',
      );
    const own = 'input: {prompt: B}\njudge:\n  type: agent_judge\n  criteria: [is short]\n';
    // skill-upper's own eval.yaml (alibaba/skill-up 12deb53): every case brings its criteria; skill-up validates it.
    const typed = staged({ 'evals/eval.yaml': suite('evals/cases/b.yaml'), 'evals/cases/b.yaml': own });
    const loaded = typed.load('evals/eval.yaml');
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.suites[0]!.cases[0]!.judge).toBe('anthropic/claude-sonnet-4-6');
    cleanup?.();
    const bare = staged({
      'evals/eval.yaml': suite('evals/cases/a.yaml, evals/cases/c.yaml'),
      'evals/cases/a.yaml': 'input: {prompt: A}\n',
      'evals/cases/c.yaml': 'input: {prompt: C}\n',
    });
    const { diagnostics } = bare.load('evals/eval.yaml');
    // Reported once, at eval.yaml's judge, however many cases use it (each of them also has nothing to grade).
    const errors = diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.ruleId, d.file.endsWith('eval.yaml'), d.line])).toEqual([
      ['skill-up/missing-key', true, 6],
    ]);
  });

  it('engine.type is an alias of engine.name; spellings normalise; a custom engine only warns', () => {
    const one = (engine: string) =>
      staged({
        'evals/eval.yaml': suiteYaml(engine, 'cases:', '  files: [evals/cases/a.yaml]'),
        'evals/cases/a.yaml': 'input: {prompt: A}\nexpect: {exit_code: 0}\n',
      }).load('evals/eval.yaml');
    const hint = (engine: string) => {
      const r = one(engine);
      cleanup?.();
      return [r.suites[0]!.cases[0]!.engine, where(r.diagnostics)];
    };
    expect(hint('engine: {type: qodercli}')).toEqual(['qodercli', []]);
    expect(hint('engine: {name: claude_code, type: claude_code}')).toEqual(['claude-code', []]);
    expect(hint('engine: {name: qwen}')).toEqual(['qwen-code', []]);
    expect(hint('engine: {name: qoder-cli}')).toEqual(['qodercli', []]);
    expect(hint('engine: {name: my-agent, custom: {transport: local}}')).toEqual([
      undefined,
      [['not-honoured', 3, 16]],
    ]);
  });

  it('skills: a second local skill is staged too; a registry skill warns', () => {
    const s = stage({
      'skill/SKILL.md': SKILL_MD,
      'helper/SKILL.md': '---\nname: helper\n---\n',
      'skill/evals/eval.yaml': suiteYaml(
        'skills:',
        '  - {source: local_path, path: .}',
        '  - {source: local_path, path: ../helper}',
        '  - {source: registry, path: x}',
        'cases:',
        '  files: [evals/cases/a.yaml]',
      ),
      'skill/evals/cases/a.yaml': 'input: {prompt: A}\nexpect: {exit_code: 0}\n',
    });
    cleanup = s.cleanup;
    const { suites, diagnostics } = s.load('skill/evals/eval.yaml');
    expect(suites[0]!.cases[0]!.skills).toEqual([
      { name: 'demo-skill', dir: join(s.dir, 'skill') },
      { name: 'helper', dir: join(s.dir, 'helper') },
    ]);
    expect(where(diagnostics)).toEqual([['not-honoured', 6, 5]]);
  });
});

describe('paths resolve from the skill root', () => {
  it('golden_file and script_path resolve from the root; a path leaving it is refused', () => {
    const s = staged({
      'evals/eval.yaml': suiteYaml('cases:', '  files: [evals/cases/a.yaml, evals/cases/b.yaml]'),
      'evals/golden/a.txt': 'expected\n',
      'evals/cases/a.yaml':
        'input: {prompt: A}\nexpect: {golden_file: evals/golden/a.txt}\njudge: {type: script, script_path: "my script.sh"}\n',
      'my script.sh': 'exit 0\n',
      'evals/cases/b.yaml': 'input: {prompt: B}\ncontext: {repo_fixture: ../outside}\nexpect: {exit_code: 0}\n',
    });
    const { suites, diagnostics } = s.load('evals/eval.yaml');
    const [a, b] = suites[0]!.cases;
    expect(a!.gates).toEqual([{ type: 'golden-file', golden: join(s.dir, 'evals/golden/a.txt'), trim: true }]);
    expect(a!.checks).toEqual([{ type: 'script', value: `'${join(s.dir, 'my script.sh')}'`, required: true }]);
    expect(b!.workspace.files).toEqual([]);
    expect(bySeverity(diagnostics, 'error').map((d) => [d.ruleId, d.line, d.column])).toEqual([
      ['skill-up/fixture-escapes-root', 2, 25],
    ]);
  });
});

describe('a custom engine (engine.custom)', () => {
  it('maps local transport onto the command engine settings, with the skill root as baseDir', () => {
    const s = staged({
      'evals/eval.yaml': suiteYaml(
        'engine:',
        '  name: my-agent',
        '  custom:',
        '    transport: local',
        '    response_format: text',
        '    timeout_seconds: 30',
        '    env: {TOKEN: "${MY_TOKEN}"}',
        '    kwargs: {profile: strict, level: 3}',
        '    local: {command: ./bin/agent.sh, args: [--in, "${input_file}"]}',
        'cases:',
        '  files: [evals/cases/a.yaml]',
      ),
      'evals/cases/a.yaml': 'input: {prompt: A}\nexpect: {exit_code: 0}\n',
    });
    const result = s.load('evals/eval.yaml');
    expect(result.suites[0]!.settings.customEngine).toEqual({
      mode: 'contract',
      command: './bin/agent.sh',
      args: ['--in', '${input_file}'],
      responseFormat: 'text',
      env: { TOKEN: '${MY_TOKEN}' },
      kwargs: { profile: 'strict', level: '3' },
      timeoutSeconds: 30,
      baseDir: s.dir,
    });
    expect(result.diagnostics.map((d) => [d.severity, d.ruleId])).toEqual([['info', 'skill-up/custom-engine']]);
    expect(result.diagnostics[0]!.message).toContain('runs only with --trust');
    // The raw engine stays as written too.
    expect((result.suites[0]!.settings.engine as { name: string }).name).toBe('my-agent');
  });

  it('an http transport or a missing command cannot run: a warning and no customEngine', () => {
    for (const custom of ['{transport: http, http: {url: "http://127.0.0.1:1"}}', '{transport: local}']) {
      const r = staged({
        'evals/eval.yaml': suiteYaml(
          `engine: {name: my-agent, custom: ${custom}}`,
          'cases:',
          '  files: [evals/cases/a.yaml]',
        ),
        'evals/cases/a.yaml': 'input: {prompt: A}\nexpect: {exit_code: 0}\n',
      }).load('evals/eval.yaml');
      cleanup?.();
      expect(r.suites[0]!.settings.customEngine).toBeUndefined();
      expect(r.diagnostics.map((d) => [d.severity, d.ruleId])).toEqual([['warning', 'skill-up/not-honoured']]);
      expect(r.diagnostics[0]!.message).toContain('cannot run');
    }
  });
});

describe('settings skill-eval does not apply', () => {
  it('pin the engine model for every case, and say how to get the rest from skill-eval with options it has', () => {
    const s = staged({
      'evals/eval.yaml': suiteYaml(
        'engine: {name: claude_code, model: {provider: anthropic, name: claude-sonnet-4-5}}',
        'report: {formats: [json, html]}',
        'cases:',
        '  files: [evals/cases/a.yaml]',
      ),
      'evals/cases/a.yaml': 'input: {prompt: A}\nexpect: {exit_code: 0}\n',
    });
    const { diagnostics, suites } = s.load('evals/eval.yaml');
    const message = (path: string) => diagnostics.find((d) => d.message.startsWith(`"${path}"`))?.message ?? '';
    expect(message('engine.model')).toBe('');
    expect(suites[0]!.cases[0]).toMatchObject({ engine: 'claude-code', model: 'anthropic/claude-sonnet-4-5' });
    expect(message('report')).toContain('skill-eval report <run> --html');
    // Options skill-eval run does not have (it has --engine <id>:<model>, and writes its reports itself).
    for (const d of diagnostics) expect(d.message).not.toMatch(/--model\b|--reporter\b/);
  });
});

describe('eval.yaml judges (newer skill-up)', () => {
  const suite = (...lines: string[]) =>
    suiteYaml(
      'cases:',
      '  files: [evals/cases/a.yaml]',
      'judges:',
      '  - {id: rules, type: rule_based, success: [{output_contains: {all: [suite]}}]}',
      '  - {id: review, type: agent_judge, model: m1, pass_threshold: 0.5, criteria: [c]}',
      ...lines,
    );
  it('cases without a judge take the list; a case list or a typed case judge replaces it whole, inheriting nothing', () => {
    const listed = staged({ 'evals/eval.yaml': suite(), 'evals/cases/a.yaml': 'input: {prompt: A}\n' });
    const { suites, diagnostics } = listed.load('evals/eval.yaml');
    expect(diagnostics).toEqual([]);
    expect(suites[0]!.cases[0]!.checks.map((c) => [c.type, c.required])).toEqual([
      ['contains-all', true],
      ['assert-set', true],
    ]);
    const replaced = staged({
      'evals/eval.yaml': suite(),
      'evals/cases/a.yaml': 'input: {prompt: A}\njudge: {type: agent_judge, criteria: [own]}\n',
    });
    const own = replaced.load('evals/eval.yaml').suites[0]!.cases[0]!;
    // skill-up's own defaults, not the list's model and pass mark.
    expect([own.checks, own.threshold, own.judge]).toEqual([[{ type: 'llm-rubric', value: 'own' }], 0.7, undefined]);
  });

  it('a case judge without a type cannot replace the list: an error at the case judge, as skill-up refuses it', () => {
    const s = staged({
      'evals/eval.yaml': suite(),
      'evals/cases/a.yaml': 'input: {prompt: A}\njudge: {criteria: [own]}\n',
    });
    const { diagnostics } = s.load('evals/eval.yaml');
    expect(where(diagnostics)).toEqual([['missing-key', 2, 8]]);
    expect(diagnostics[0]!.message).toContain('"judge.type" is missing');
  });

  it('judge and judges both in eval.yaml is one error at judges', () => {
    const s = staged({
      'evals/eval.yaml': suite('judge: {type: rule_based, success: [{exit_code: 0}]}'),
      'evals/cases/a.yaml': 'input: {prompt: A}\n',
    });
    expect(where(s.load('evals/eval.yaml').diagnostics)).toEqual([['judge-and-judges', 5, 1]]);
  });
});
