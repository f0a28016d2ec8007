import type { Case } from '@skill-eval/core';
import type { Judge } from '@skill-eval/grading';
import type { EngineTarget } from './engine-target.js';

/** The provider whose models each bundled engine asks for, to tell whether a pinned `provider/name` is meant for it. */
const ENGINE_PROVIDERS: Record<string, string> = {
  'claude-code': 'anthropic',
  anthropic: 'anthropic',
  codex: 'openai',
  openai: 'openai',
  qodercli: 'qoder',
};

/** A pinned model as written: `anthropic://claude-sonnet-4-6` (SkillKit), `anthropic/claude-sonnet-4-6` (skill-up), or a bare name. */
export function splitModel(pinned: string): { provider?: string; name: string } {
  const match = /^([A-Za-z][\w.-]*):\/\/(.+)$/.exec(pinned) ?? /^([A-Za-z][\w.-]*)\/(.+)$/.exec(pinned);
  return match ? { provider: match[1]!.toLowerCase(), name: match[2]! } : { name: pinned };
}

/** What a pin comes to on an engine: its model, or why it is set aside. */
type Applied = { model: string; note?: undefined } | { model?: undefined; note: string };

function applyPin(pinned: string, engine: string, chosen: string | undefined, what: string): Applied | undefined {
  const { provider, name } = splitModel(pinned);
  if (chosen !== undefined) {
    return chosen === name
      ? undefined
      : { note: `The case pins ${what} ${pinned}; the command line's ${chosen} is used.` };
  }
  const engineProvider = ENGINE_PROVIDERS[engine];
  if (provider && engineProvider && provider !== engineProvider) {
    return { note: `The case pins ${what} ${pinned}, a model of ${provider}; ${engine} asks for its own default.` };
  }
  return { model: name };
}

/**
 * The model an execution's agent asks for: the command line's (`-e engine:model`, or the config's), else the model
 * the case pins (skill-up `engine.model`, SkillKit `model`) when it is one of the engine's provider; with a note when
 * the pin is set aside.
 */
export function agentModel(testCase: Case, target: EngineTarget): { model?: string; note?: string } {
  const applied = testCase.model ? applyPin(testCase.model, target.engine.id, target.model, 'the model') : undefined;
  if (applied?.model) return { model: applied.model };
  return { ...(target.model ? { model: target.model } : {}), ...(applied?.note ? { note: applied.note } : {}) };
}

/**
 * The judge of a case: the run's, asking the model the case pins for its judge (skill-up `agent_judge.model`) unless
 * the command line chose the judge's model; a judge of the pin's provider when the run's judge asks another provider
 * and the run can make one (the user did not choose the judge). With a note, naming the case, when the pin is set aside.
 */
export function caseJudge(
  testCase: Case,
  judge: Judge | undefined,
  what = 'the judge model',
): { judge?: Judge; note?: string } {
  if (!judge || !testCase.judge) return judge ? { judge } : {};
  const chosen = judge.modelChosen ? judge.model : undefined;
  const { provider } = splitModel(testCase.judge);
  const judgeProvider = ENGINE_PROVIDERS[judge.engine];
  if (chosen === undefined && provider && judgeProvider && provider !== judgeProvider) {
    const theirs = judge.forProvider?.(provider);
    if (theirs) return caseJudge(testCase, theirs, what);
  }
  const applied = applyPin(testCase.judge, judge.engine, chosen, what);
  if (applied?.model && judge.withModel) return { judge: judge.withModel(applied.model) };
  if (!applied?.note) return { judge };
  const { file, line } = testCase.source;
  return { judge, note: `${file}${line ? `:${line}` : ''}: ${applied.note}` };
}
