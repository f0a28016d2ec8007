import { hasErrors, SkillEvalError, type Suite } from '@skill-eval/core';
import type { CommandIO } from '../io/io.js';
import { loadEvalFiles } from '../loading/load-eval-files.js';
import { printDiagnostics } from '../loading/print-diagnostics.js';
import type { BuiltRegistry } from '../plugins/build-registry.js';
import { loadConfig } from '../policy/config.js';
import { type AnswerPlace, answerPlaces } from './answer-folders.js';

/** The options `prompt` and `grade` share to find the cases. */
export interface AgentCaseOptions {
  format?: string;
  config?: string;
  evals?: string;
  trust?: boolean;
}

/** The cases of agent mode: the task cases with their answer folders, and how many trigger cases were left out. */
export interface AgentCases extends BuiltRegistry {
  suites: Suite[];
  places: AnswerPlace[];
  triggerCases: number;
}

/**
 * Loads the eval files as `run` does and gives each task case its answer folder. Bad eval files stop here (exit 2),
 * their problems printed; so does a set of files with no task case, since agent mode has nothing to hand an agent.
 */
export async function loadAgentCases(
  paths: readonly string[],
  options: AgentCaseOptions & { engines?: string[]; reporters?: readonly string[] },
  io: CommandIO,
): Promise<AgentCases> {
  const config = loadConfig(io.cwd, options.config, options.trust);
  const loaded = await loadEvalFiles(paths, options, config, io);
  printDiagnostics(loaded.diagnostics, io.cwd, io.stderr);
  if (hasErrors(loaded.diagnostics)) {
    throw new SkillEvalError('BAD_INPUT', 'The eval files have errors (above); fix them first.');
  }
  const places = answerPlaces(loaded.suites);
  const triggerCases = loaded.suites.reduce((n, s) => n + s.cases.filter((c) => c.kind === 'trigger').length, 0);
  if (places.length === 0) {
    const why = triggerCases
      ? `they hold only trigger cases (${triggerCases}), which need real trigger runs: use \`skill-eval run\``
      : 'they hold no eval case';
    throw new SkillEvalError('BAD_INPUT', `Nothing for an agent to answer under ${paths.join(', ') || '.'}: ${why}.`);
  }
  return { ...loaded, places, triggerCases };
}

/** The case `--case` names: by its id, or by its answer folder when several eval files share the id. */
export function findPlace(places: readonly AnswerPlace[], wanted: string): AnswerPlace {
  const byFolder = places.find((p) => p.folder === wanted);
  if (byFolder) return byFolder;
  const byId = places.filter((p) => p.testCase.id === wanted);
  if (byId.length === 1) return byId[0]!;
  const listed = places.map((p) => p.folder).join(', ');
  if (byId.length > 1) {
    throw new SkillEvalError('USAGE', `Several eval files have a case "${wanted}".`, {
      hint: `Name it by its answer folder: ${byId.map((p) => p.folder).join(', ')}.`,
    });
  }
  throw new SkillEvalError('USAGE', `No task case "${wanted}" here.`, { hint: `The cases are: ${listed}.` });
}
