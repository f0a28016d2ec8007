import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@skill-eval/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { resultsByCase } from '../test-support/run-output.js';
import { writeFiles } from '../test-support/write-files.js';

// Agent mode without an API key (AgentV's `prompt eval`): `prompt` prints a case's input as the engines send it and,
// for an answer, the judge prompt; a person's own agent plays both parts into an answers folder; `grade` grades it
// into a normal run directory. No model is called here except where an engine judges a case on purpose.

const SKILL =
  '---\nname: pirate\ndescription: Answer like a pirate when the user asks for a greeting.\n---\nSay Ahoy.\n';
const evals = {
  skill_name: 'pirate',
  evals: [
    {
      id: 'greet',
      prompt: 'Greet Ana.',
      assertions: ['The answer greets Ana by name', { type: 'content_contains', value: 'Ahoy' }],
    },
    {
      id: 'notes',
      prompt: 'Read notes.md and add a greeting to it.',
      files: ['evals/files/notes.md'],
      assertions: [
        'The answer says what was added to notes.md',
        { type: 'fixture_unchanged', value: 'evals/files/notes.md' },
      ],
    },
  ],
};
const files = {
  'pirate/SKILL.md': SKILL,
  'pirate/evals/evals.json': JSON.stringify(evals, null, 2),
  'pirate/evals/files/notes.md': '# Notes\n',
  'pirate/evals/triggers.json': JSON.stringify([{ query: 'say hi like a pirate', should_trigger: true }]),
};

interface Printed {
  system: string;
  turns: string[];
  skills: { name: string; description: string; file: string }[];
  workspace?: string;
  answerFolder: string;
}

describe('agent mode: skill-eval prompt and skill-eval grade', () => {
  let dir: string;
  let server: FakeModelServer;
  const run = async (...argv: string[]) => {
    const io = captureIO(dir, {
      PATH: process.env.PATH,
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'test-key-anthropic',
    });
    const code = await main(argv, io);
    return { code, out: io.out(), err: io.err() };
  };
  const answer = (folder: string, name: string, text: string) => {
    mkdirSync(join(dir, 'answers', folder), { recursive: true });
    writeFileSync(join(dir, 'answers', folder, name), text);
  };
  /** The judge prompt `prompt --judge` prints for a case's answer, and a reply passing every criterion by `quote`. */
  const judgeOf = async (folder: string) => {
    const { code, out } = await run(
      'prompt',
      'pirate',
      '--case',
      folder,
      '--judge',
      '--answer-file',
      `answers/${folder}/answer.md`,
      '--json',
    );
    expect(code).toBe(0);
    return JSON.parse(out) as { system: string; messages: { content: string }[]; criteria: string[]; reply: string };
  };
  const reply = (criteria: string[], quote: string, extra: object = {}) =>
    JSON.stringify({
      criteria: criteria.map((_, i) => ({ id: i + 1, passed: true, evidence: quote, reasoning: 'seen' })),
      ...extra,
    });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'skill-eval-agent-mode-'));
    writeFiles(dir, files);
    server = await startFakeModelServer({ conversations: [] });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the task cases with their answer folders and the steps; trigger cases are left out', async () => {
    const { code, out } = await run('prompt', 'pirate');
    expect(code).toBe(0);
    // Each case's id, then its folder: its name repeats its id, and is not said twice.
    expect(out).toContain('\n  greet  → answers/greet/\n');
    expect(out).toContain('\n  notes  → answers/notes/\n');
    expect(out).toContain('1 trigger case(s) left out');
    expect(out).toContain('skill-eval prompt pirate --case <id> --workspace answers/<folder>/workspace');
    expect(out).toContain('skill-eval prompt pirate --case <id> --judge --answer-file answers/<folder>/answer.md');
    expect(out).toContain('skill-eval grade pirate --answers answers');
  });

  it("prints a case's input as the engines send it: system prompt with the skill listing, then the prompt", async () => {
    const { code, out } = await run('prompt', 'pirate', '--case', 'greet', '--json');
    expect(code).toBe(0);
    const input = JSON.parse(out) as Printed;
    expect(input.system).toContain(
      'The following skills are available for use with the Skill tool:\n\n- pirate: Answer like a pirate when the user asks for a greeting.',
    );
    expect(input.system).toContain('Primary working directory: <your working directory>');
    expect(input.turns).toEqual(['Greet Ana.']);
    expect(input.skills).toEqual([
      {
        name: 'pirate',
        description: 'Answer like a pirate when the user asks for a greeting.',
        file: join(dir, 'pirate', 'SKILL.md'),
      },
    ]);
    expect(input.answerFolder).toBe('answers/greet');
    const text = await run('prompt', 'pirate', '--case', 'greet');
    // Its id once: its name only repeats it.
    expect(text.out).toMatch(/^# Case greet \(pirate\/evals\/evals\.json:\d+\)\n/);
    expect(text.out).toContain('## User\n\nGreet Ana.');
    expect(text.out).toContain('write your final answer to answers/greet/answer.md');
  });

  it('stages the case workspace where the agent is to work: the skill at its root, the fixtures', async () => {
    const { code, out } = await run(
      'prompt',
      'pirate',
      '--case',
      'notes',
      '--workspace',
      'answers/notes/workspace',
      '--json',
    );
    expect(code).toBe(0);
    const ws = join(dir, 'answers/notes/workspace');
    const input = JSON.parse(out) as Printed;
    expect(input.workspace).toBe(ws);
    expect(input.system).toContain(`Primary working directory: ${ws}`);
    expect(input.skills[0]!.file).toBe(join(ws, '.claude/skills/pirate/SKILL.md'));
    expect(readFileSync(join(ws, '.claude/skills/pirate/SKILL.md'), 'utf8')).toBe(SKILL);
    // skill-creator's fixtures: at their path below the skill's folder.
    expect(readFileSync(join(ws, 'evals/files/notes.md'), 'utf8')).toBe('# Notes\n');
  });

  it('grades the answers and judge replies into a run directory that report and compare read', async () => {
    answer('greet', 'answer.md', 'Ahoy, Ana! Welcome aboard.');
    const greet = await judgeOf('greet');
    expect(greet.criteria).toEqual(['The answer greets Ana by name']);
    expect(greet.system).toContain('You grade the work of an AI agent');
    expect(greet.messages[0]!.content).toContain('<final_answer>\nAhoy, Ana! Welcome aboard.\n</final_answer>');
    expect(greet.reply).toBe(join(dir, 'answers/greet/judge.json'));
    answer('greet', 'judge.json', reply(greet.criteria, 'Ahoy, Ana!'));

    // The agent changed the fixture it was told to leave be; the judge names what it added, and flags a criterion.
    writeFileSync(join(dir, 'answers/notes/workspace/evals/files/notes.md'), '# Notes\nAhoy!\n');
    answer('notes', 'answer.md', 'I added "Ahoy!" to notes.md.');
    const notes = await judgeOf('notes');
    expect(notes.messages[0]!.content).toContain('<file path="evals/files/notes.md" change="changed">');
    const weak = { suggestions: [{ id: 1, kind: 'weak', reason: 'Any answer naming the file passes.' }] };
    answer('notes', 'judge.json', reply(notes.criteria, 'I added "Ahoy!" to notes.md.', { eval_feedback: weak }));

    const graded = await run('grade', 'pirate', '--answers', 'answers', '-o', 'run-1');
    expect(graded.err).toContain('1 trigger case(s) are not graded');
    expect(graded.code).toBe(1);
    const results = resultsByCase(join(dir, 'run-1'));
    const g = results.get('greet')!;
    expect(g.status).toBe('passed');
    expect(g.engine).toBe('agent');
    expect(g.judge?.engine).toBe('agent');
    expect(g.checks.map((c) => [c.name, c.passed])).toEqual([
      ['The answer greets Ana by name', true],
      ['content_contains: Ahoy', true],
    ]);
    const n = results.get('notes')!;
    expect(n.status).toBe('failed');
    expect(n.checks.find((c) => c.type === 'fixture-unchanged')?.evidence).toContain('modified: evals/files/notes.md');
    expect(n.judge?.feedback?.suggestions[0]).toMatchObject({
      assertion: 'The answer says what was added to notes.md',
    });
    expect(graded.out).toContain('The judge flagged criteria of 1 case');

    expect((await run('report', 'run-1', '--html')).code).toBe(0);
    expect(existsSync(join(dir, 'run-1', 'report.html'))).toBe(true);
    // The agent fixes its work; a second grading compares with the first.
    writeFileSync(join(dir, 'answers/notes/workspace/evals/files/notes.md'), '# Notes\n');
    expect((await run('grade', 'pirate', '--answers', 'answers', '-o', 'run-2', '-q')).code).toBe(0);
    const compared = await run('compare', 'run-1', 'run-2');
    expect(compared.out).toMatch(/notes/);
  });

  it('a judge reply whose quote is not in the answer is an error naming the file; no reply and no --judge says what to do', async () => {
    answer('greet', 'judge.json', reply(['The answer greets Ana by name'], 'Hello Bob'));
    rmSync(join(dir, 'answers/notes/judge.json'));
    const { code } = await run('grade', 'pirate', '--answers', 'answers', '-o', 'run-3', '-q');
    expect(code).toBe(1);
    const results = resultsByCase(join(dir, 'run-3'));
    expect(results.get('greet')!.status).toBe('error');
    expect(results.get('greet')!.error?.message).toContain(
      `${join(dir, 'answers/greet/judge.json')} could not be used`,
    );
    expect(results.get('greet')!.error?.message).toContain('not a verbatim quote');
    expect(results.get('notes')!.error?.message).toMatch(/no verdicts for case "notes": .*skill-eval prompt .*--judge/);
  });

  it('--judge <engine> judges the cases without a reply, with exactly the prompt `prompt --judge` printed', async () => {
    const printed = await judgeOf('notes');
    server.setScript({
      conversations: [
        {
          id: 'judge',
          match: { user: '<criteria>' },
          responses: [{ text: reply(printed.criteria, 'I added "Ahoy!" to notes.md.') }],
        },
      ],
    });
    const before = server.requests.length;
    const { code } = await run('grade', 'pirate', '--answers', 'answers', '--judge', 'anthropic', '-o', 'run-4', '-q');
    const sent = server.requests.slice(before).map((r) => JSON.stringify(r.body));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(JSON.stringify(printed.messages[0]!.content));
    expect(resultsByCase(join(dir, 'run-4')).get('notes')!.judge?.engine).toBe('anthropic');
    expect(code).toBe(1); // greet's bad judge.json still errors
  });

  it('says where answers go when there are none', async () => {
    const { code, err } = await run('grade', 'pirate', '--answers', 'nowhere', '-o', 'run-5');
    expect(code).toBe(2);
    expect(err).toContain('No answer in nowhere');
    expect(err).toContain('nowhere/greet/answer.md');
  });
});
