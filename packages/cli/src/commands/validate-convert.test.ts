import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { writeDemoEvals } from '../test-support/demo-skill.js';
import { useDemoSkillFolder } from '../test-support/demo-skill-folder.js';

/** Every file's text below `root`, one after another. */
function readTree(root: string): string {
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

let dir = '';
useDemoSkillFolder('skill-eval-cli-vc-', (made) => {
  dir = made;
});

describe('skill-eval validate', () => {
  it('prints every problem compiler-style and exits 2 on an error, as run does', async () => {
    writeFileSync(
      join(dir, 'skill', 'evals', 'evals.json'),
      '{\n  "evals": [\n    { "id": 1 },\n    { "id": 2, "prompt": "p", "timeout": "soon", "expectations": ["x"] }\n  ]\n}\n',
    );
    const io = captureIO(dir);
    expect(await main(['validate', 'skill'], io)).toBe(2);
    expect(io.out()).toContain('skill/evals/evals.json:3:5: error: Eval 1 has no "prompt"');
    expect(io.out()).toContain('(evals-json/missing-prompt)');
    expect(io.out()).toMatch(
      /skill\/evals\/evals\.json:4:\d+: error: "timeout" of eval 2 is a string.*\(evals-json\/wrong-type\)/,
    );
    expect(io.out()).toContain('2 error(s)');
  });

  it('refuses a reference out of the project (here an AgentV workdir) unless --trust is given', async () => {
    mkdirSync(join(dir, 'skill', '.git'));
    mkdirSync(join(dir, 'elsewhere'));
    writeFileSync(
      join(dir, 'skill', 'evals', 'w.eval.yaml'),
      'environment: {workdir: ../../elsewhere, type: host}\nprompts: ["{{ input }}"]\ntests:\n  - {id: t, vars: {input: hi}, assert: [{type: contains, value: x}]}\n',
    );
    const io = captureIO(dir);
    expect(await main(['validate', 'skill/evals/w.eval.yaml'], io)).toBe(2);
    expect(io.out()).toMatch(
      /skill\/evals\/w\.eval\.yaml:1:24: error: "\.\.\/\.\.\/elsewhere" resolves to .*, outside this project .*only with --trust.*\(agentv\/outside-project\)/,
    );
    const trusted = captureIO(dir);
    expect(await main(['validate', 'skill/evals/w.eval.yaml', '--trust'], trusted)).toBe(0);
    expect(trusted.out()).toMatch(/warning: .*outside this project.* Allowed by --trust\. \(agentv\/outside-project\)/);
  });

  it('names a check parameter of the wrong kind at its own line, and refuses the test it leaves with none, before anything runs', async () => {
    writeFileSync(
      join(dir, 'skill', 'evals', 'demo.eval.yaml'),
      'tests:\n  - id: t1\n    input: hi\n    assertions:\n      - type: latency\n        threshold: fast\n',
    );
    const io = captureIO(dir);
    expect(await main(['validate', 'skill/evals/demo.eval.yaml'], io)).toBe(2);
    // An AgentV 4 file: AgentV skips the assertion (so does skill-eval, saying so), and a test left with none is an error.
    expect(io.out()).toContain(
      `skill/evals/demo.eval.yaml:6:20: warning: AgentV 4 skips this 'latency' assertion: its "threshold" is "fast"; write a number ≥ 0`,
    );
    expect(io.out()).toContain(
      'skill/evals/demo.eval.yaml:2:5: error: Test "t1": AgentV skips every one of its assertions',
    );
  });

  it('exits 0 on a clean suite', async () => {
    writeDemoEvals(dir);
    const io = captureIO(dir);
    expect(await main(['validate', 'skill'], io)).toBe(0);
    expect(io.out()).toContain('1 suite(s), 1 case(s): 0 error(s)');
  });
});

describe('skill-eval convert', () => {
  beforeEach(() => {
    writeFileSync(
      join(dir, 'skill', 'evals', 'cases.json'),
      JSON.stringify({ cases: [{ id: 'a', input: 'Do it', state_prefix: '[Context]', rubric: ['done'] }] }),
    );
  });

  it('writes the suite in the target format, which loads back to the same cases', async () => {
    const io = captureIO(dir);
    expect(
      await main(['convert', 'skill/evals/cases.json', '--to', 'evals-json', '-o', 'skill/evals/evals.json'], io),
    ).toBe(0);
    const written = JSON.parse(readFileSync(join(dir, 'skill', 'evals', 'evals.json'), 'utf8'));
    expect(written.evals[0]).toMatchObject({ id: 'a', prompt: '[Context]\n\nDo it', assertions: ['done'] });
    const list = captureIO(dir);
    await main(['list', '--json', 'skill/evals/evals.json'], list);
    expect(JSON.parse(list.out()).suites[0].cases[0]).toMatchObject({ id: 'a', turns: ['[Context]\n\nDo it'] });
  });

  it('prints to stdout without -o and refuses to overwrite without --force', async () => {
    const io = captureIO(dir);
    expect(await main(['convert', 'skill/evals/cases.json', '--to', 'evals-json'], io)).toBe(0);
    expect(JSON.parse(io.out()).skill_name).toBe('demo');
    writeFileSync(join(dir, 'taken.json'), 'x');
    const again = captureIO(dir);
    expect(await main(['convert', 'skill/evals/cases.json', '--to', 'evals-json', '-o', 'taken.json'], again)).toBe(2);
    expect(again.err()).toContain('Would overwrite taken.json');
    expect(readFileSync(join(dir, 'taken.json'), 'utf8')).toBe('x');
  });

  it('refuses -o naming a file of another kind than the target writes, which no reader would find', async () => {
    for (const [to, out] of [
      ['evals-json', 'suite.yaml'],
      ['agentv', 'suite.json'],
    ]) {
      const io = captureIO(dir);
      expect(await main(['convert', 'skill/evals/cases.json', '--to', to!, '-o', out!], io), io.err()).toBe(2);
      expect(io.err()).toContain(`-o ${out}`);
      expect(existsSync(join(dir, out!))).toBe(false);
    }
    const yml = captureIO(dir);
    expect(await main(['convert', 'skill/evals/cases.json', '--to', 'agentv', '-o', 'suite.eval.yml'], yml)).toBe(0);
    const list = captureIO(dir);
    await main(['list', '--json', 'suite.eval.yml'], list);
    expect(JSON.parse(list.out()).suites[0].cases[0].id).toBe('a');
  });

  it('refuses to write two suites of a folder to the same path, where one would replace the other', async () => {
    for (const skill of ['one', 'two']) {
      mkdirSync(join(dir, 'both', skill, 'evals'), { recursive: true });
      writeFileSync(
        join(dir, 'both', skill, 'evals', 'evals.json'),
        JSON.stringify({ skill_name: skill, evals: [{ id: 1, prompt: `Use ${skill}`, assertions: ['done'] }] }),
      );
    }
    const io = captureIO(dir);
    expect(await main(['convert', 'both', '--to', 'evals-json', '-o', 'out'], io)).toBe(2);
    expect(io.err()).toContain(join('both', 'one', 'evals', 'evals.json'));
    expect(io.err()).toContain(join('both', 'two', 'evals', 'evals.json'));
    expect(existsSync(join(dir, 'out'))).toBe(false);
    const apart = captureIO(dir);
    expect(await main(['convert', 'both', '--to', 'agentv', '-o', 'out'], apart), apart.err()).toBe(0);
    expect(readdirSync(join(dir, 'out', 'evals')).sort()).toEqual(['one.eval.yaml', 'two.eval.yaml']);
  });

  it('writes nothing and exits 2 when the target can hold none of the cases', async () => {
    const io = captureIO(dir);
    const args = ['convert', 'skill/evals/cases.json', '--to', 'triggers-json', '-o', 'out/triggers.json'];
    expect(await main(args, io)).toBe(2);
    expect(io.err()).toContain('not converted: case a: a task case, not a trigger query');
    expect(io.err()).toContain('Nothing was converted: the triggers-json format can hold none of the cases');
    expect(existsSync(join(dir, 'out'))).toBe(false);
    const stdout = captureIO(dir);
    expect(await main(['convert', 'skill/evals/cases.json', '--to', 'triggers-json'], stdout)).toBe(2);
    expect(stdout.out()).toBe('');
  });

  it('keeps a fixture that is missing when read: written back, or named as not converted, by every target', async () => {
    writeDemoEvals(
      dir,
      JSON.stringify({
        evals: [
          { id: 1, prompt: 'Sum it', files: ['data/sales.csv'], should_trigger: true, assertions: ['gives the sum'] },
        ],
      }),
    );
    for (const to of ['evals-json', 'triggers-json', 'skillet', 'skill-up', 'eval-md', 'agentv']) {
      const io = captureIO(dir);
      await main(['convert', 'skill/evals/evals.json', '--to', to, '-o', `out-${to}`], io);
      expect(io.err()).toContain('missing-file');
      const written = existsSync(join(dir, `out-${to}`)) ? readTree(join(dir, `out-${to}`)) : '';
      const notConverted = io
        .err()
        .split('\n')
        .filter((line) => line.startsWith('not converted:'));
      expect(
        written.includes('data/sales.csv') || notConverted.some((line) => line.includes('data/sales.csv')),
        `${to}:\n${io.err()}`,
      ).toBe(true);
    }
  });

  it("names a case's tool restriction as not converted by every target that cannot hold it", async () => {
    mkdirSync(join(dir, 'plugin', 'evals', 'read-only'), { recursive: true });
    writeFileSync(
      join(dir, 'plugin', 'evals', 'read-only', 'case.yaml'),
      [
        'schema_version: "1.1"',
        'name: read-only',
        'execution:',
        '  prompt: Summarise README.md.',
        '  allowed_tools: [Read, Skill]',
        '  disallowed_tools: [Bash]',
        'graders:',
        '  - {name: summary, type: llm, criteria: The answer summarises the README}',
        '',
      ].join('\n'),
    );
    for (const to of ['evals-json', 'skillet', 'skill-up', 'eval-md', 'agentv', 'promptfoo']) {
      const io = captureIO(dir);
      await main(['convert', 'plugin/evals/read-only/case.yaml', '--to', to, '-o', `tools-${to}`], io);
      expect(io.err(), to).toMatch(/^not converted: .*its agent's tools \(only .*Read.*; not Bash\)/m);
    }
  });

  it('keeps top-level extra keys in evals.json and names them where the target has no place for them', async () => {
    writeDemoEvals(dir, JSON.stringify({ _design_notes: 'why', evals: [{ id: 1, prompt: 'hi', assertions: ['ok'] }] }));
    const same = captureIO(dir);
    expect(await main(['convert', 'skill/evals/evals.json', '--to', 'evals-json'], same)).toBe(0);
    expect(JSON.parse(same.out())._design_notes).toBe('why');
    for (const to of ['skillet', 'skill-up', 'eval-md']) {
      const io = captureIO(dir);
      await main(['convert', 'skill/evals/evals.json', '--to', to, '-o', `out-${to}`], io);
      expect(io.err(), to).toMatch(/^not converted: suite: top-level key "_design_notes"/m);
    }
  });

  it('rejects an unknown target format and writes nothing', async () => {
    const io = captureIO(dir);
    expect(await main(['convert', 'skill/evals/cases.json', '--to', 'nope', '-o', 'out.json'], io)).toBe(2);
    expect(io.err()).toContain("Unknown format 'nope'");
    expect(io.err()).not.toContain('Did you mean');
    expect(existsSync(join(dir, 'out.json'))).toBe(false);
    const typo = captureIO(dir);
    expect(await main(['convert', 'skill/evals/cases.json', '--to', 'skil-up', '-o', 'out.json'], typo)).toBe(2);
    expect(typo.err()).toMatch(/Unknown format 'skil-up'\. Known formats: .*\. Did you mean 'skill-up'\?/);
  });
});

describe('a bare Skillet eval-set name', () => {
  it('is looked up in $SKILLET_DIR/evals/<name>/, as Skillet does', async () => {
    const skilletDir = join(dir, 'skillet-home');
    mkdirSync(join(skilletDir, 'evals', 'greetings'), { recursive: true });
    writeFileSync(
      join(skilletDir, 'evals', 'greetings', '001-hi.yaml'),
      'timestamp: 2026-01-01 10:00\nname: hi\nprompt: Say hi\nexpected: A greeting\n',
    );
    const io = captureIO(dir, { SKILLET_DIR: skilletDir });
    expect(await main(['list', '--json', 'greetings'], io)).toBe(0);
    const listed = JSON.parse(io.out());
    expect(listed.suites.map((s: { format: string; cases: { id: string }[] }) => [s.format, s.cases[0]!.id])).toEqual([
      ['skillet', '001-hi'],
    ]);
    const missing = captureIO(dir, { SKILLET_DIR: skilletDir });
    expect(await main(['list', 'no-such-set'], missing)).toBe(2);
    expect(missing.err()).toContain('Path does not exist: no-such-set');
    // It says where the eval set was looked for too, and how to look elsewhere.
    expect(missing.err()).toContain(
      `no Skillet eval set has that name (no folder ${join(skilletDir, 'evals', 'no-such-set')}; SKILLET_DIR sets where they are)`,
    );
    // A path with a slash is never an eval-set name.
    const path = captureIO(dir, { SKILLET_DIR: skilletDir });
    expect(await main(['list', 'no/such-set'], path)).toBe(2);
    expect(path.err()).not.toContain('Skillet');
  });
});

describe('a Skillet .yml eval in a scanned folder', () => {
  it('warns that Skillet ignores it, as naming the file does', async () => {
    const set = join(dir, 'evals', 'greet');
    mkdirSync(set, { recursive: true });
    const eval_ = 'timestamp: 2025-01-01T00:00:00Z\nname: n\nprompt: say it\nexpected: says it\n';
    writeFileSync(join(set, 'a.yaml'), eval_);
    writeFileSync(join(set, 'b.yml'), eval_);
    const scan = captureIO(dir);
    await main(['validate', 'evals'], scan);
    const named = captureIO(dir);
    await main(['validate', 'evals/greet/b.yml'], named);
    const warning = 'evals/greet/b.yml:1:1: warning: Skillet only reads .yaml files';
    expect(named.out()).toContain(warning);
    expect(scan.out()).toContain(warning);
  });
});
