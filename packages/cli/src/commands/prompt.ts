import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { SkillEvalError } from '@skill-eval/core';
import { readUntrustedText } from '@skill-eval/engine-kit/agent-files';
import { judgePromptOf, snapshotWorkspace } from '@skill-eval/grading';
import { stageCaseWorkspace } from '@skill-eval/runner';
import { type AgentCaseOptions, findPlace, loadAgentCases } from '../agent-mode/agent-cases.js';
import { agentInput, renderAgentInput } from '../agent-mode/agent-input.js';
import { ANSWER_FILES, type AnswerPlace } from '../agent-mode/answer-folders.js';
import { answerSession } from '../agent-mode/answer-session.js';
import { DEFAULT_ENGINE } from '../engines/default-engine.js';
import type { CommandIO } from '../io/io.js';

export interface PromptOptions extends AgentCaseOptions {
  /** The case to print: its id, or its answer folder. */
  case?: string;
  /** Print the judge prompt for `answerFile` instead of the agent's input. */
  judge?: boolean;
  answerFile?: string;
  /** Stage the case's workspace in this folder (the agent's input); the agent's workspace (the judge prompt). */
  workspace?: string;
  /** The answers folder the printed steps name (default `answers`). */
  answers?: string;
  /** The engine whose skill root the skill is staged at (default claude-code). */
  engine?: string;
  json?: boolean;
}

const DEFAULT_ANSWERS = 'answers';

/** A word of a command line as printed: quoted when it holds anything but path characters (and `<placeholders>`). */
const word = (text: string) => (/^[\w./:@%+,=<>-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`);

/**
 * `skill-eval prompt`: agent mode without an API key (AgentV's `prompt eval`). Without `--case`, the cases and the
 * steps; with it, the case's input as skill-eval's engines send it; with `--judge --answer-file`, the judge prompt
 * for that answer — so that a person's own agent session plays candidate and judge, and `skill-eval grade` grades.
 */
export async function promptCommand(paths: string[], options: PromptOptions, io: CommandIO): Promise<number> {
  const engineId = options.engine ?? DEFAULT_ENGINE;
  const loaded = await loadAgentCases(paths, { ...options, engines: [engineId] }, io);
  const answers = options.answers ?? DEFAULT_ANSWERS;
  const command = (name: string, ...args: string[]) =>
    ['skill-eval', name, ...paths, ...(options.evals ? ['--evals', options.evals] : []), ...args].map(word).join(' ');
  if (options.case === undefined) {
    if (options.judge)
      throw new SkillEvalError('USAGE', '--judge prints the judge prompt of one case: add --case <id>.');
    io.stdout.write(overview(loaded.places, loaded.triggerCases, answers, command, options.json === true));
    return 0;
  }
  const place = findPlace(loaded.places, options.case);
  const plugin = loaded.registry.engine(engineId);
  const { skillRoots } = plugin.create(plugin.parseSettings({}));
  if (options.judge) return printJudgePrompt(place, skillRoots, options, io);
  const workspace = options.workspace === undefined ? {} : { workspace: resolve(io.cwd, options.workspace) };
  const input = await agentInput(place.testCase, { skillRoots, ...workspace });
  for (const { message } of input.warnings) io.stderr.write(`warning: ${message}\n`);
  const folder = join(answers, place.folder);
  if (options.json) {
    const json = {
      suite: place.suite.id,
      case: place.testCase.id,
      name: place.testCase.name,
      answerFolder: folder,
      ...input,
    };
    io.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
    return 0;
  }
  const { id, name, source } = place.testCase;
  const { file, line } = source;
  const header = [
    `# Case ${id}${name === id ? '' : ` — ${name}`} (${relative(io.cwd, file)}${line ? `:${line}` : ''})`,
    '',
    `You are the agent. Do the task below${input.workspace ? ` in ${input.workspace}` : ''}, then write your final answer to ${join(folder, ANSWER_FILES.answer[0])}.`,
    '',
  ];
  io.stdout.write(`${header.join('\n')}\n${renderAgentInput(input)}`);
  return 0;
}

/** The cases, their answer folders, and the three steps of agent mode. */
function overview(
  places: readonly AnswerPlace[],
  triggerCases: number,
  answers: string,
  command: (name: string, ...args: string[]) => string,
  json: boolean,
): string {
  if (json) {
    const cases = places.map((p) => ({
      suite: p.suite.id,
      id: p.testCase.id,
      name: p.testCase.name,
      folder: join(answers, p.folder),
    }));
    return `${JSON.stringify({ answers, cases, triggerCasesLeftOut: triggerCases }, null, 2)}\n`;
  }
  const width = Math.max(...places.map((p) => p.testCase.id.length));
  const lines = [
    `Agent mode: your own agent plays the agent and the judge; skill-eval grades. ${places.length} case${places.length === 1 ? '' : 's'}:`,
    '',
    // A name that only repeats the id (a case the eval file did not name) is said once.
    ...places.map(
      ({ testCase: { id, name }, folder }) =>
        `  ${id.padEnd(width)}  ${name === id ? '' : `${name}  `}→ ${join(answers, folder)}/`,
    ),
    '',
  ];
  if (triggerCases)
    lines.push(`${triggerCases} trigger case(s) left out: whether a skill fires needs real runs (skill-eval run).`, '');
  const folder = join(answers, '<folder>');
  lines.push(
    'For each case:',
    `  1. ${command('prompt', '--case', '<id>', '--workspace', join(folder, ANSWER_FILES.workspace))}`,
    `     Do the task as the agent, in that folder; write your final answer to ${join(folder, ANSWER_FILES.answer[0])}.`,
    `  2. ${command('prompt', '--case', '<id>', '--judge', '--answer-file', join(folder, ANSWER_FILES.answer[0]))}`,
    `     Answer as the judge: save the JSON reply as ${join(folder, ANSWER_FILES.judge)}.`,
    `Then: ${command('grade', '--answers', answers)}`,
    '',
  );
  return lines.join('\n');
}

/**
 * The judge prompt for an answer, as `skill-eval grade` will send it: the case's workspace staged afresh is what the
 * judge is told was there before, the agent's workspace (`--workspace`, else `workspace/` beside the answer file) what
 * it left — so the files it created or changed are marked as such.
 */
async function printJudgePrompt(
  place: AnswerPlace,
  skillRoots: readonly string[],
  options: PromptOptions,
  io: CommandIO,
): Promise<number> {
  if (!options.answerFile) {
    throw new SkillEvalError('USAGE', '--judge needs --answer-file <file>: the answer the judge grades.');
  }
  const answerFile = resolve(io.cwd, options.answerFile);
  const answer = await readUntrustedText(answerFile);
  const besideAnswer = join(dirname(answerFile), ANSWER_FILES.workspace);
  const worked = options.workspace
    ? resolve(io.cwd, options.workspace)
    : existsSync(besideAnswer)
      ? besideAnswer
      : undefined;
  const fresh = await mkdtemp(join(tmpdir(), 'skill-eval-judge-'));
  try {
    await stageCaseWorkspace(place.testCase, fresh, skillRoots);
    const request = await judgePromptOf({
      testCase: place.testCase,
      session: answerSession(place.testCase.turns, answer),
      workspace: worked ?? fresh,
      workspaceBefore: await snapshotWorkspace(fresh),
      run: 1,
    });
    const reply = join(dirname(answerFile), ANSWER_FILES.judge);
    if (!request) {
      io.stderr.write(
        `Case "${place.testCase.id}" has no criterion for a judge: skill-eval grade checks it by itself.\n`,
      );
      return 0;
    }
    if (options.json) {
      const json = {
        system: request.system,
        messages: [{ role: 'user', content: request.prompt }],
        criteria: request.criteria,
        reply,
      };
      io.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
      return 0;
    }
    io.stdout.write(
      [
        `# Judge prompt for case ${place.testCase.id}: answer ${relative(io.cwd, answerFile)}`,
        '',
        `You are the judge. Reply with the JSON object it asks for and nothing else; save it as ${relative(io.cwd, reply)}.`,
        '',
        `## System\n\n${request.system}`,
        '',
        `## User\n\n${request.prompt}`,
        '',
      ].join('\n'),
    );
    return 0;
  } finally {
    await rm(fresh, { recursive: true, force: true });
  }
}
