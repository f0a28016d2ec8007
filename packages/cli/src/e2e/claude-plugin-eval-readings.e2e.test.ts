/**
 * How `claude plugin eval` (Claude Code 2.1.330, the real binary) reads case.yaml files that YAML and its case schema
 * leave room to read otherwise — YAML 1.2 scalars, empty values, keys given twice, merge keys, block scalars — beside
 * skill-eval's reading of the same files. Claude Code is the expectation: the cases its `--json` report holds (each
 * with its name, prompt, runs, limits and graders) and the files it refuses (`✗ <file>: …` on its stderr).
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startFakeModelServer } from '@skill-eval/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { claudeEvalEnv } from '../test-support/claude-eval-env.js';
import { CLAUDE_BIN, REPO_ROOT } from '../test-support/paths.js';

/** The plugin the cases test: a manifest and one skill. */
const PLUGIN = join(REPO_ROOT, 'formats/claude-plugin-eval/src/fixtures/differential/plugin');

/**
 * A case.yaml named `name` with one regex grader. The prompt carries a directive the fake model server answers
 * without a script; `top`, `execution` and `grader` add lines at the top level, under `execution:` and in the grader.
 */
function caseYaml(name: string, { top = '', execution = '', grader = '' } = {}): string {
  const prompt = `  prompt: "[[text:Hello]] ${name}"\n`;
  return `schema_version: "1.0"\nname: ${name}\nruns: 1\n${top}execution:\n${prompt}${execution}graders:\n  - {name: g, type: regex, pattern: Hello${grader}}\n`;
}

/** A case written in prose: prompt.md (`front` its front matter) and a regex grader in graders/g.md. */
const prose = (name: string, front: string, body = `[[text:Hello]] ${name}`) => ({
  'prompt.md': `---\nname: ${name}\nruns: 1\n${front}---\n\n${body}\n`,
  'graders/g.md': '---\ntype: regex\n---\nHello\n',
});

/** Each case folder and its case.yaml, or its files. */
const CASES: Record<string, string | Record<string, string>> = {
  // Plain scalars YAML 1.1 and 1.2 read differently, as the case's name (Claude Code wants a string).
  ...Object.fromEntries(
    ['yes', 'true', '0o17', '017', '1_000', '12.0', '~', '2025-01-15', '1:30', '!!str 12'].map((scalar, i) => [
      `name-${i + 1}`,
      caseYaml(scalar).replace(/\[\[text:Hello\]\] .*"/, `[[text:Hello]] n${i}"`),
    ]),
  ),
  // Numbers written other ways, as runs (a positive whole number up to 50).
  ...Object.fromEntries(
    ['2.0', '0x2', '1e1', '"2"', '1_0', '51', '!!int "2"'].map((runs, i) => [
      `runs-${i + 1}`,
      caseYaml(`runs-${i + 1}`).replace('runs: 1', `runs: ${runs}`),
    ]),
  ),
  // An empty value (null) where a field is optional: Claude Code's schema takes none.
  'null-runs': caseYaml('null-runs').replace('runs: 1', 'runs: ~'),
  'null-description': caseYaml('null-description', { top: 'description:\n' }),
  'null-tags': caseYaml('null-tags', { top: 'tags: ~\n' }),
  'null-add-dirs': caseYaml('null-add-dirs', { top: 'context:\n  add_dirs: ~\n' }),
  'null-timeout': caseYaml('null-timeout', { execution: '  timeout_seconds: ~\n' }),
  'null-max-turns': caseYaml('null-max-turns', { execution: '  max_turns: ~\n' }),
  'null-allowed-tools': caseYaml('null-allowed-tools', { execution: '  allowed_tools: ~\n' }),
  'null-env': caseYaml('null-env', { execution: '  env: ~\n' }),
  'null-weight': caseYaml('null-weight', { grader: ', weight: ~' }),
  'null-match': caseYaml('null-match', { grader: ', match: ~' }),
  'null-target': caseYaml('null-target', { grader: ', target: ~' }),
  'null-unknown-key': caseYaml('null-unknown-key', { top: 'notes: ~\n' }),
  // A key given twice: the last one counts.
  'twice-name': caseYaml('twice-name', { top: 'name: second\n' }),
  'twice-timeout': caseYaml('twice-timeout', { execution: '  timeout_seconds: 30\n  timeout_seconds: 40\n' }),
  'twice-weight': caseYaml('twice-weight', { grader: ', weight: 2, weight: 3' }),
  'twice-prompt-null': caseYaml('twice-prompt-null', { execution: '  prompt: ~\n' }),
  // Anchors, aliases and merge keys.
  'alias-grader': `${caseYaml('alias-grader').split('graders:')[0]}x: &g {name: g, type: regex, pattern: Hello}\ngraders:\n  - *g\n`,
  'merge-grader': `${caseYaml('merge-grader').split('graders:')[0]}x: &g {name: g, type: regex, pattern: Hello, weight: 2}\ngraders:\n  - <<: *g\n    name: merged\n`,
  'merge-two': `${caseYaml('merge-two').split('graders:')[0]}a: &a {name: a, type: regex, weight: 2}\nb: &b {name: b, pattern: Hello, weight: 3}\ngraders:\n  - <<: [*a, *b]\n`,
  'merge-execution': caseYaml('merge-execution').replace(
    'execution:\n',
    'limits: &limits {max_turns: 4, timeout_seconds: 60}\nexecution:\n  <<: *limits\n',
  ),
  'merge-not-a-map': caseYaml('merge-not-a-map', { execution: '  <<: 5\n' }),
  'merge-not-a-map-grader': caseYaml('merge-not-a-map-grader').replace('  - {name: g', '  - {<<: 5, name: g'),
  'merge-list-not-maps-grader': caseYaml('merge-list-not-maps-grader').replace(
    '  - {name: g',
    '  - {<<: [{weight: 2}, 5], name: g',
  ),
  'merge-list-not-maps': caseYaml('merge-list-not-maps', { execution: '  <<: [{max_turns: 4}, 5]\n' }),
  // Block scalars and spaces around the prompt: sent as written.
  'prompt-literal': caseYaml('prompt-literal').replace(
    / {2}prompt: .*\n/,
    '  prompt: |\n    [[text:Hello]] prompt-literal\n    second line\n',
  ),
  'prompt-folded': caseYaml('prompt-folded').replace(
    / {2}prompt: .*\n/,
    '  prompt: >-\n    [[text:Hello]] prompt-folded\n    folded\n',
  ),
  'prompt-spaces': caseYaml('prompt-spaces').replace(
    / {2}prompt: .*\n/,
    '  prompt: "  [[text:Hello]] prompt-spaces  "\n',
  ),
  // Escapes and line folding in quoted and block scalars (`@` stands for the directive), and Windows line ends.
  ...Object.fromEntries(
    [
      String.raw`"@ x\x41 \u00e9 \U0001F600 \ud83d\ude00 a\ b \/"`,
      String.raw`"@ \N \_ \L \P \e \v \f \r \t \""`,
      '"@ line\\\n    continued"',
      '"@ a\n    b\n\n    c"',
      "'@ it''s\n    folded\n\n    para'",
      '|2\n     @ indented',
      '>+\n    @ kept\n\n',
      '>\n    @ f\n\n    para\n      more\n    end',
    ].map((prompt, i) => {
      const name = `scalar-${i + 1}`;
      const yaml = `  prompt: ${prompt.replace('@', `[[text:Hello]] ${name}`)}\n`;
      return [name, caseYaml(name).replace(/ {2}prompt: .*\n/, () => yaml)];
    }),
  ),
  // Sent by Claude Code to the model; refused by skill-eval (see the last test).
  'nul-prompt': caseYaml('nul-prompt').replace(/ {2}prompt: .*\n/, '  prompt: "[[text:Hello]] nul-prompt \\0"\n'),
  'crlf-literal': caseYaml('crlf-literal')
    .replace(/ {2}prompt: .*\n/, '  prompt: |\n    [[text:Hello]] crlf-literal\n    two\n')
    .replaceAll('\n', '\r\n'),
  'crlf-prose': Object.fromEntries(
    Object.entries(prose('crlf-prose', '', '[[text:Hello]] crlf-prose\nline two')).map(([file, text]) => [
      file,
      text.replaceAll('\n', '\r\n'),
    ]),
  ),
  // Documents, flow style and a byte-order mark.
  'two-documents': `${caseYaml('two-documents')}---\nname: other\n`,
  'document-markers': `---\n${caseYaml('document-markers')}...\n`,
  'flow-style':
    'schema_version: "1.0"\nname: flow-style\nruns: 1\nexecution: {prompt: "[[text:Hello]] flow-style", max_turns: 3}\ngraders: [{name: g, type: regex, pattern: Hello}]\n',
  'byte-order-mark': `\ufeff${caseYaml('byte-order-mark')}`,
  // A quoted value given a core tag.
  'tagged-bool-name': caseYaml('tagged-bool-name').replace('name: tagged-bool-name', 'name: !!bool "true"'),
  'tagged-float-runs': caseYaml('tagged-float-runs').replace('runs: 1', "runs: !!float '2'"),
  'tagged-int-weight': caseYaml('tagged-int-weight', { grader: ', weight: !!int "2"' }),
  'grader-type-constructor': caseYaml('grader-type-constructor').replace('type: regex', 'type: constructor'),
  // The same in a prompt.md's front matter.
  'prose-null-max-turns': prose('prose-null-max-turns', 'max_turns: ~\n'),
  'prose-twice-max-turns': prose('prose-twice-max-turns', 'max_turns: 3\nmax_turns: 4\n'),
  'prose-merge': prose('prose-merge', '<<: {max_turns: 4, timeout_seconds: 60}\n'),
  'prose-spaces': prose('prose-spaces', '', '  [[text:Hello]] prose-spaces  \n\n'),
  // And in a grader file's front matter.
  'grader-md-null-weight': {
    ...prose('grader-md-null-weight', ''),
    'graders/g.md': '---\ntype: regex\nweight: ~\n---\nHello\n',
  },
  'grader-md-twice-weight': {
    ...prose('grader-md-twice-weight', ''),
    'graders/g.md': '---\ntype: regex\nweight: 2\nweight: 3\n---\nHello\n',
  },
  'grader-md-merge': {
    ...prose('grader-md-merge', ''),
    'graders/g.md': '---\n<<: {type: regex, weight: 2}\n---\nHello\n',
  },
};

/** Example suites of other formats, converted to claude plugin eval (`skill-eval convert`) before both read them. */
const CONVERTED = [
  'pirate-greeting/evals/evals.json',
  'release-notes/EVAL.md',
  'json-extract/evals/contacts.eval.yaml',
  'word-count/evals/eval.yaml',
];

/** A case as read, in the terms Claude Code's report gives it. */
interface Reading {
  name: string;
  prompt: string;
  runs: number;
  timeoutSeconds: number;
  maxTurns: number;
  graders: { name: string; weight: number; pattern: unknown }[];
}

/** What `claude plugin eval --json` reports of a case. */
interface ClaudeCase {
  name: string;
  dir: string;
  promptMarkdown: string;
  runsPerCase: number;
  timeoutSeconds: number;
  maxTurns: number;
  graders: { name: string; weight: number; config: { pattern?: unknown } }[];
}

/** What `skill-eval list --json` gives of a case. */
interface ListedCase {
  name: string;
  turns: string[];
  runs: number;
  timeoutSeconds: number;
  maxTurns: number;
  checks: { name: string; weight: number; value?: unknown }[];
}

/** Each case folder's reading (undefined: refused) by one harness, and its refusals' messages. */
interface Readings {
  cases: Map<string, Reading | undefined>;
  refusals: Map<string, string[]>;
}

/** The case folder of a file below evals/. */
const folderOf = (path: string) => path.split('/')[path.split('/').indexOf('evals') + 1]!;

/** Runs the real `claude plugin eval` over the plugin at `dir`, against a fake model server. */
async function claudeReadings(dir: string, env: Record<string, string | undefined>): Promise<Readings> {
  const report = join(dir, '..', 'claude.json');
  const args = [
    'plugin',
    'eval',
    '.',
    '--json',
    report,
    '--trust-plugin',
    '--no-publish',
    '--ablation',
    'none',
    '-j',
    '4',
  ];
  let stderr = '';
  // Exit 1: some case files could not be loaded, which this suite has on purpose.
  await promisify(execFile)(CLAUDE_BIN, args, { cwd: dir, env, timeout: 300_000 }).catch(
    (error: { code?: unknown; stderr?: string }) => {
      if (error.code !== 1) throw new Error(`claude plugin eval failed (${String(error.code)}): ${error.stderr}`);
      stderr = error.stderr ?? '';
    },
  );
  const cases = new Map<string, Reading | undefined>();
  for (const c of (JSON.parse(readFileSync(report, 'utf8')) as { cases: ClaudeCase[] }).cases) {
    cases.set(c.dir.split('/').at(-1)!, {
      name: c.name,
      prompt: c.promptMarkdown,
      runs: c.runsPerCase,
      timeoutSeconds: c.timeoutSeconds,
      maxTurns: c.maxTurns,
      graders: c.graders.map((g) => ({ name: g.name, weight: g.weight, pattern: g.config.pattern })),
    });
  }
  const refusals = new Map<string, string[]>();
  // `✗ <dir>/case.yaml: <message>` (or `✗ <dir>: …`), its message going on in indented lines.
  let last: string[] | undefined;
  for (const line of stderr.split('\n')) {
    const refused = /^✗ (\S+?): (.*)$/.exec(line);
    if (refused) {
      last = [refused[2]!];
      refusals.set(folderOf(refused[1]!), last);
    } else if (line.startsWith('  ') && last) last.push(line.trim());
    else last = undefined;
  }
  return { cases, refusals };
}

/** skill-eval's reading of the same plugin: `skill-eval list --json`, a case with an error being refused. */
async function skillEvalReadings(dir: string, env: Record<string, string | undefined>): Promise<Readings> {
  const io = captureIO(dir, env);
  await main(['list', '.', '--json'], io);
  const listed = JSON.parse(io.out()) as {
    suites: { file: string; cases: ListedCase[] }[];
    diagnostics: { severity: string; file: string; message: string }[];
  };
  const refusals = new Map<string, string[]>();
  for (const d of listed.diagnostics.filter((d) => d.severity === 'error')) {
    const folder = folderOf(d.file);
    refusals.set(folder, [...(refusals.get(folder) ?? []), d.message]);
  }
  const cases = new Map<string, Reading | undefined>();
  for (const suite of listed.suites) {
    const folder = folderOf(suite.file);
    for (const c of suite.cases) {
      cases.set(folder, {
        name: c.name,
        prompt: c.turns[0]!,
        runs: c.runs,
        timeoutSeconds: c.timeoutSeconds,
        maxTurns: c.maxTurns,
        graders: c.checks.map((k) => ({ name: k.name, weight: k.weight, pattern: k.value })),
      });
    }
  }
  for (const folder of refusals.keys()) cases.set(folder, undefined);
  return { cases, refusals };
}

describe('claude plugin eval and skill-eval read the same case.yaml files alike', () => {
  let dir: string;
  let claude: Readings;
  let skillEval: Readings;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'claude-plugin-eval-readings-'));
    const plugin = join(dir, 'plugin');
    cpSync(PLUGIN, plugin, { recursive: true, filter: (source) => !source.includes('/evals/') });
    for (const [folder, files] of Object.entries(CASES)) {
      for (const [name, text] of Object.entries(typeof files === 'string' ? { 'case.yaml': files } : files)) {
        mkdirSync(join(plugin, 'evals', folder, name, '..'), { recursive: true });
        writeFileSync(join(plugin, 'evals', folder, name), text);
      }
    }
    const server = await startFakeModelServer();
    try {
      const env = claudeEvalEnv(dir, server.url);
      for (const file of CONVERTED) {
        const out = join(dir, 'converted', file.split('/')[0]!);
        const code = await main(
          ['convert', join(REPO_ROOT, 'examples', file), '--to', 'claude-plugin-eval', '-o', out],
          captureIO(dir, env),
        );
        expect(code).toBe(0);
        for (const folder of readdirSync(join(out, 'evals')))
          cpSync(join(out, 'evals', folder), join(plugin, 'evals', `converted-${file.split('/')[0]}-${folder}`), {
            recursive: true,
          });
      }
      // Read first: claude writes its results below the plugin's evals/ folder.
      skillEval = await skillEvalReadings(plugin, env);
      claude = await claudeReadings(plugin, env);
    } finally {
      await server.close();
    }
  }, 600_000);

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('loads some cases and refuses others (the suite tests both)', () => {
    const loaded = [...claude.cases.keys()];
    expect(loaded.length).toBeGreaterThan(10);
    expect(Object.keys(CASES).length - loaded.length).toBeGreaterThan(10);
  });

  it.each(Object.keys(CASES).filter((folder) => folder !== 'nul-prompt'))(
    'reads %s as Claude Code reads it, or refuses it as Claude Code does',
    (folder) => {
      const expected = claude.cases.get(folder);
      const got = skillEval.cases.get(folder);
      const why = `claude: ${claude.refusals.get(folder)?.join('; ') ?? 'loaded'} | skill-eval: ${skillEval.refusals.get(folder)?.join('; ') ?? 'loaded'}`;
      expect(got, why).toEqual(expected);
    },
  );

  it('converts suites of other formats into case files Claude Code loads, and reads them back as Claude Code reads them', () => {
    const converted = [...claude.cases.keys()].filter((folder) => folder.startsWith('converted-'));
    expect(converted.length).toBeGreaterThanOrEqual(CONVERTED.length);
    expect([...claude.refusals.keys()].filter((folder) => folder.startsWith('converted-'))).toEqual([]);
    // Graders by name and weight: converted checks are of every kind, not only the regexes whose pattern both report.
    const brief = (reading?: Reading) =>
      reading && { ...reading, graders: reading.graders.map(({ name, weight }) => ({ name, weight })) };
    for (const folder of converted)
      expect(brief(skillEval.cases.get(folder)), folder).toEqual(brief(claude.cases.get(folder)));
  });

  it('refuses a prompt holding a NUL character, which Claude Code sends to its model: no agent program can be given one', () => {
    expect(claude.cases.get('nul-prompt')?.prompt).toBe('[[text:Hello]] nul-prompt \0');
    expect(skillEval.cases.get('nul-prompt')).toBeUndefined();
    expect(skillEval.refusals.get('nul-prompt')).toEqual([expect.stringContaining('NUL character')]);
  });
});
