import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunSummary } from '@skill-eval/core';
import { type FakeModelServer, startFakeModelServer } from '@skill-eval/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { runnerCommands } from '../test-support/actions-runner.js';
import { captureIO } from '../test-support/capture-io.js';
import { greeterCaseYaml, greeterEvalYaml, PIRATE_SKILL } from '../test-support/greeter-suite.js';
import { writeFiles } from '../test-support/write-files.js';

const FILES = {
  'greeter/SKILL.md': PIRATE_SKILL,
  'greeter/evals/eval.yaml': greeterEvalYaml(['hello', 'bye']),
  'greeter/evals/cases/hello.yaml': greeterCaseYaml('hello', 'Greet the crew'),
  'greeter/evals/cases/bye.yaml': greeterCaseYaml('bye', 'Say goodbye'),
};
const answers = (bye: string) => ({
  conversations: [
    {
      id: 'hello',
      match: { user: 'Greet the crew' },
      responses: [{ text: 'Ahoy, crew!', usage: { input_tokens: 100, output_tokens: 10 } }],
    },
    {
      id: 'bye',
      match: { user: 'Say goodbye' },
      responses: [{ text: bye, usage: { input_tokens: 80, output_tokens: 8 } }],
    },
  ],
});

/**
 * Two recorded runs of the same suite on the anthropic engine against the fake model server, the second with one
 * answer changed; then the files every run writes, `report` and `compare` on them.
 */
describe('run outputs, report and compare (anthropic engine, fake model server)', () => {
  let dir: string;
  const servers: FakeModelServer[] = [];
  const runs: { code: number; stdout: string; stderr: string }[] = [];
  const stepSummary = () => join(dir, 'step-summary.md');

  async function run(out: string, bye: string, args: string[], env: Record<string, string> = {}) {
    const server = await startFakeModelServer(answers(bye));
    servers.push(server);
    const io = captureIO(dir, {
      PATH: process.env.PATH,
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'test-key-anthropic',
      ...env,
    });
    const code = await main(['run', 'greeter', '--engine', 'anthropic', '--no-cache', '--out', out, ...args], io);
    return { code, stdout: io.out(), stderr: io.err() };
  }
  async function cli(args: string[]) {
    const io = captureIO(dir, { PATH: process.env.PATH });
    const code = await main(args, io);
    return { code, stdout: io.out(), stderr: io.err() };
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-reports-'));
    writeFiles(dir, FILES);
    writeFileSync(stepSummary(), '');
    runs.push(await run('runs/a', 'Ahoy, farewell!', ['--quiet']));
    runs.push(
      await run('runs/b', 'Goodbye.', ['--json', '--skill-creator'], {
        GITHUB_ACTIONS: 'true',
        GITHUB_STEP_SUMMARY: stepSummary(),
      }),
    );
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('--quiet prints only the totals', () => {
    const [a] = runs;
    expect(a?.code).toBe(0);
    expect(a?.stdout).toMatch(/^2 executions · 2 passed · 0 failed/);
    expect(a?.stdout).not.toContain('Running');
  });

  it('--json prints summary.json on stdout and nothing else; progress and annotations go to stderr', () => {
    const b = runs[1];
    expect(b?.code).toBe(1);
    const printed = JSON.parse(b?.stdout ?? '') as RunSummary;
    expect(printed).toEqual(JSON.parse(readFileSync(join(dir, 'runs/b/summary.json'), 'utf8')));
    expect(printed.totals).toMatchObject({ executions: 2, passed: 1, failed: 1 });
    expect(b?.stderr).toContain('2 executions');
  });

  it('GitHub Actions: an ::error annotation at the failed case, and a job summary appended', () => {
    const cases = JSON.parse(readFileSync(join(dir, 'runs/b/cases.json'), 'utf8')) as {
      cases: { caseId: string; file: string; line?: number }[];
    };
    const bye = cases.cases.find((c) => c.caseId === 'bye');
    expect(bye?.file).toBe(join('greeter', 'evals', 'cases', 'bye.yaml'));
    // Read as the Actions runner reads the step's output: the one command it acts on is the annotation.
    const read = runnerCommands(`${runs[1]?.stdout ?? ''}${runs[1]?.stderr ?? ''}`);
    expect(read.stopped).toBe(false);
    expect(read.commands).toHaveLength(1);
    expect(read.commands[0]).toMatchObject({
      command: 'error',
      properties: { file: bye?.file, ...(bye?.line ? { line: String(bye.line) } : {}) },
    });
    expect(read.commands[0]?.properties.title).toBe('skill-eval: bye failed (anthropic, with_skill)');
    expect(read.commands[0]?.data).not.toBe('');
    const md = readFileSync(stepSummary(), 'utf8');
    expect(md).toContain('## skill-eval: 1 of 2 executions did not pass');
    expect(md).toMatch(/\| bye \| greeter\/evals\/eval\.yaml \| anthropic \| with_skill \| failed \| .+ \|/);
  });

  it('every run writes junit.xml and cases.json; skill-creator’s layout only with --skill-creator', () => {
    for (const out of ['runs/a', 'runs/b']) {
      expect(readFileSync(join(dir, out, 'junit.xml'), 'utf8')).toContain('<testsuites name="skill-eval" tests="2"');
      expect(existsSync(join(dir, out, 'cases.json'))).toBe(true);
      const asked = out === 'runs/b';
      for (const id of ['hello', 'bye'])
        expect(
          existsSync(join(dir, out, 'skill-creator/iteration-1', `eval-${id}`, 'with_skill/run-1/grading.json')),
        ).toBe(asked);
      expect(existsSync(join(dir, out, 'skill-creator/iteration-1/benchmark.json'))).toBe(asked);
    }
    const junit = readFileSync(join(dir, 'runs/b/junit.xml'), 'utf8');
    expect(junit).toContain('tests="2" failures="1" errors="0"');
    expect(junit).toMatch(
      /<testcase name="bye \[anthropic, with_skill, #1\]"[^>]*><failure message="1 of 1 check failed/,
    );
  });

  it('report regenerates the outputs from results.jsonl alone', async () => {
    const junitFile = join(dir, 'runs/b/junit.xml');
    const grading = join(dir, 'runs/b/skill-creator/iteration-1/eval-bye/with_skill/run-1/grading.json');
    const before = { junit: readFileSync(junitFile, 'utf8'), grading: readFileSync(grading, 'utf8') };
    rmSync(junitFile);
    rmSync(join(dir, 'runs/b/skill-creator'), { recursive: true });
    const junitOnly = await cli(['report', 'runs/b', '--junit']);
    expect(junitOnly.code).toBe(0);
    expect(junitOnly.stdout).toBe(`${join('runs', 'b', 'junit.xml')}\n`);
    expect(readFileSync(junitFile, 'utf8')).toBe(before.junit);
    expect(existsSync(grading)).toBe(false);

    const all = await cli(['report', 'runs/b', '--skill-creator', '--agentskills', '--benchmark']);
    expect(all.code).toBe(0);
    const agentskills = JSON.parse(
      readFileSync(join(dir, 'runs/b/agentskills/iteration-1/eval-bye/with_skill/run-1/grading.json'), 'utf8'),
    );
    expect(agentskills.assertion_results).toEqual(JSON.parse(before.grading).expectations);
    // Both variants were asked for, so both are written.
    expect(all.stdout).toBe(`${join('runs', 'b', 'skill-creator')}\n${join('runs', 'b', 'agentskills')}\n`);
    expect(readFileSync(grading, 'utf8')).toBe(before.grading);

    const agentskillsOnly = await cli(['report', 'runs/b', '--agentskills']);
    expect(agentskillsOnly.stdout).toBe(`${join('runs', 'b', 'agentskills')}\n`);

    const everything = await cli(['report', 'runs/b']);
    expect(everything.code).toBe(0);
    expect(readFileSync(grading, 'utf8')).toBe(before.grading);
  });

  it('report --html hands the run directory to @skill-eval/report-html', async () => {
    const { code, stdout } = await cli(['report', 'runs/b', '--html']);
    expect(code).toBe(0);
    const file = stdout.trim();
    expect(file).toMatch(/\.html$/);
    expect(readFileSync(join(dir, file), 'utf8')).toContain('bye');
  });

  it('report on a directory without results says so (exit 2)', async () => {
    const { code, stderr } = await cli(['report', 'greeter']);
    expect(code).toBe(2);
    expect(stderr).toContain('greeter holds no results.jsonl');
  });

  it('compare of two directories without results names the first one given (exit 2)', async () => {
    for (const [first, second] of [
      ['greeter', 'nowhere'],
      ['nowhere', 'greeter'],
    ]) {
      const { code, stderr } = await cli(['compare', first!, second!]);
      expect(code).toBe(2);
      expect(stderr).toContain(`${first} holds no results.jsonl`);
    }
  });

  it('compare lists exactly the changed case, as text and HTML; exit 1 for a newly failing case', async () => {
    const { code, stdout } = await cli(['compare', 'runs/a', 'runs/b', '--html', 'compare.html']);
    expect(code).toBe(1);
    expect(stdout).toContain('1 case changed: 1 newly failing, 0 newly passing, 0 other; 1 the same.');
    const rows = stdout.split('\n').filter((l) => /^(newly|changed|added|removed)/.test(l));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(
      /^newly failing +greeter\/evals\/eval\.yaml +bye +anthropic +with_skill +passed +failed +-100 pts/,
    );
    const html = readFileSync(join(dir, 'compare.html'), 'utf8');
    expect(html.match(/<tr class="newly-failing">/g)).toHaveLength(1);
    expect(html).toContain('<td>bye</td>');

    const same = await cli(['compare', 'runs/a', 'runs/a']);
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('No case changed (2 the same).');
  });

  it('report and compare say how many lines of results.jsonl they skipped as not results', async () => {
    cpSync(join(dir, 'runs/a'), join(dir, 'runs/damaged'), { recursive: true });
    appendFileSync(join(dir, 'runs/damaged/results.jsonl'), 'not json\n{"executionId": "cut off');
    const warning = 'runs/damaged: 2 damaged line(s) in results.jsonl were skipped';

    const report = await cli(['report', 'runs/damaged', '--junit']);
    expect(report.code).toBe(0);
    expect(report.stderr).toContain(`skill-eval report: ${warning}`);
    expect(readFileSync(join(dir, 'runs/damaged/junit.xml'), 'utf8')).toContain('tests="2"');

    const compared = await cli(['compare', 'runs/a', 'runs/damaged']);
    expect(compared.stdout).toContain('No case changed (2 the same).');
    expect(compared.stderr.trim().split('\n')).toEqual([expect.stringContaining(`skill-eval compare: ${warning}`)]);
  });
});
