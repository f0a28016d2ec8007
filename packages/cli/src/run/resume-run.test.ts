import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { writeCommandAgentSkill } from '../test-support/command-agent-skill.js';
import { readSummary } from '../test-support/run-output.js';
import { resumedRun, resumeFlags } from './resume-run.js';

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-resume-'));
  const args = writeCommandAgentSkill(dir);
  expect(await main(['run', ...args, '--runs', '2', '-q', '-j', '1', '--out', 'out'], captureIO(dir))).toBe(0);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(...args: string[]) {
  const io = captureIO(dir, { PATH: process.env.PATH });
  const code = await main(args, io);
  return { code, out: io.out(), err: io.err() };
}

describe('run --resume with other options', () => {
  it('applies the output options given now: --json prints summary.json alone, and the run stays the same run', async () => {
    const before = readSummary(join(dir, 'out'));
    // The run's command came from run.json, not from this command line: --trust vouches for it.
    const resumed = await cli('run', '--resume', 'out', '--json', '--trust');
    expect(resumed.code).toBe(0);
    const printed = JSON.parse(resumed.out);
    expect(printed).toEqual(readSummary(join(dir, 'out')));
    expect(printed).toMatchObject({ runId: before.runId, startedAt: before.startedAt });
    expect(resumed.err).toContain('Nothing to run');
  });

  it('takes -j, -q, -v and --skill-creator from now, never the printing flags the run started with', async () => {
    const io = captureIO(dir);
    const { options } = await resumedRun([], { resume: 'out', concurrency: '8', verbose: true, trust: true }, io);
    expect(options).toMatchObject({ concurrency: '8', verbose: true, resumed: true });
    expect(options.quiet).toBeUndefined();
  });

  it("runs run.json's command only with --trust given now: the file is not this command line", async () => {
    const summary = readFileSync(join(dir, 'out', 'summary.json'), 'utf8');
    const refused = await cli('run', '--resume', 'out');
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(
      'out/run.json records options that run code, read outside the project or send data away',
    );
    expect(refused.err).toContain('--ek command=… (names the program to run)');
    expect(refused.err).toContain('hint: Read the run’s eval files and run.json, then --resume it again with --trust.');
    expect(readFileSync(join(dir, 'out', 'summary.json'), 'utf8')).toBe(summary);
  });

  it('sends traces where --otlp given now says, never where a run.json says', async () => {
    cpSync(join(dir, 'out'), join(dir, 'out-otlp'), { recursive: true });
    const manifest = join(dir, 'out-otlp', 'run.json');
    const recorded = JSON.parse(readFileSync(manifest, 'utf8'));
    recorded.invocation.options.otlp = 'http://collector.invalid:4318';
    writeFileSync(manifest, JSON.stringify(recorded));
    const io = captureIO(dir);
    const asRecorded = await resumedRun([], { resume: 'out-otlp', trust: true }, io);
    expect(asRecorded.options.otlp).toBeUndefined();
    const given = await resumedRun([], { resume: 'out-otlp', trust: true, otlp: 'http://127.0.0.1:4318' }, io);
    expect(given.options.otlp).toBe('http://127.0.0.1:4318');
  });

  it('refuses options that would change what the run plans or how it grades, naming them', async () => {
    const summary = readFileSync(join(dir, 'out', 'summary.json'), 'utf8');
    const refused = await cli('run', '--resume', 'out', '--engine', 'anthropic', '--timeout', '1', '--shard', '1/2');
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('--engine, --timeout, --shard would change what it runs or how it grades');
    expect(readFileSync(join(dir, 'out', 'summary.json'), 'utf8')).toBe(summary);
  });
});

describe('the resume hint of an interrupted run', () => {
  it('adds --trust exactly when run.json records what --resume takes only with it', () => {
    expect(resumeFlags(['.'], { engine: ['claude-code'], runs: '2', cache: false }, dir)).toEqual([]);
    expect(resumeFlags(['.'], { engine: ['claude-code'], trust: true }, dir)).toEqual(['--trust']);
    // Started without --trust, yet its resume needs it: the program came from this command line, run.json is a file.
    expect(resumeFlags(['.'], { engine: ['command'], ek: ['command=./agent.sh'] }, dir)).toEqual(['--trust']);
    expect(resumeFlags(['.'], { config: 'ci.config.json' }, dir)).toEqual(['--trust']);
    expect(resumeFlags(['.'], { engine: ['./my-engine.js'] }, dir)).toEqual(['--trust']);
  });

  it('adds --trust when the run reads outside its working directory: paths or a --baseline folder there', () => {
    expect(resumeFlags(['../other-project'], {}, dir)).toEqual(['--trust']);
    expect(resumeFlags(['.'], { baseline: '../skill-v1' }, dir)).toEqual(['--trust']);
    expect(resumeFlags(['.'], { baseline: 'skill-v1' }, dir)).toEqual([]);
    expect(resumeFlags(['.'], { baseline: 'git:main' }, dir)).toEqual([]);
  });

  it('names --api-key, which run.json never records, without its value', () => {
    expect(resumeFlags(['.'], { engine: ['claude-code'], apiKey: 'sk-secret' }, dir)).toEqual(['--api-key <key>']);
  });

  it('is what resumes the run of beforeAll (an --ek program): refused without its flags, continued with them', async () => {
    const recorded = JSON.parse(readFileSync(join(dir, 'out', 'run.json'), 'utf8')) as {
      invocation: { paths: string[]; options: Parameters<typeof resumeFlags>[1] };
    };
    expect(resumeFlags(recorded.invocation.paths, recorded.invocation.options, dir)).toEqual(['--trust']);
    expect((await cli('run', '--resume', 'out')).code).toBe(2);
    expect(
      (await cli('run', '--resume', 'out', ...resumeFlags(recorded.invocation.paths, recorded.invocation.options, dir)))
        .code,
    ).toBe(0);
  });
});
