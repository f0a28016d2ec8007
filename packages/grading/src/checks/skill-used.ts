import {
  type Case,
  type Check,
  type Session,
  type SessionEvent,
  SkillEvalError,
  type SkillInvocation,
} from '@skill-eval/core';
import type { CheckEvaluator } from './check-evaluator.js';
import { stringListValue } from './check-value.js';

/** How a skill is seen to fire: anywhere in the run (BMAD), or by the run's first tool call alone (skill-creator). */
export type TriggerDetection = NonNullable<Case['triggerDetection']>;

const MODES: readonly TriggerDetection[] = ['any-tool', 'first-tool'];

/**
 * Every skill named in `value` (default: the case's first skill) fired with a strong signal: its tool was called
 * or its SKILL.md was read; a mere mention does not count. `mode: first-tool` looks only at the run's first tool
 * call, which must itself be that signal.
 */
export const skillUsed: CheckEvaluator = (check, { testCase, session }) => {
  const names = check.value === undefined ? defaultSkill(testCase.skills) : stringListValue(check);
  const mode = modeParam(check);
  if (mode === 'first-tool') {
    const first = firstToolCall(session);
    const parts = names.map((name) => ({ name, fired: first !== undefined && !!strongSignal(first.signals, name) }));
    const calls = first ? `first tool call: ${describeCall(first)}` : 'first tool call: none (no tool was called)';
    const said = parts.map(({ name, fired }) =>
      fired ? `skill "${name}" fired at the first tool call` : `skill "${name}" not fired by the first tool call`,
    );
    return { passed: parts.every((p) => p.fired), evidence: `${said.join('; ')}; ${calls}` };
  }
  const parts: string[] = [];
  let passed = true;
  for (const name of names) {
    const strong = strongSignal(session.skillsInvoked, name);
    if (strong) parts.push(`skill "${name}" used (signal: ${strong.via})`);
    else {
      passed = false;
      const mentioned = session.skillsInvoked.some((s) => sameSkill(s.name, name));
      parts.push(mentioned ? `skill "${name}" only mentioned (signal: mention)` : `skill "${name}" not used`);
    }
  }
  return { passed, evidence: `${parts.join('; ')}; invoked: ${listInvoked(session.skillsInvoked)}` };
};

/** Whether `skill` fired in the session by `mode` — the same rule the skill-used check applies. */
export function skillFired(session: Session, skill: string, mode: TriggerDetection = 'any-tool'): boolean {
  if (mode === 'any-tool') return strongSignal(session.skillsInvoked, skill) !== undefined;
  const first = firstToolCall(session);
  return first !== undefined && strongSignal(first.signals, skill) !== undefined;
}

type ToolCallEvent = Extract<SessionEvent, { type: 'tool-call' }>;

/** The first tool call and the skill signals recorded with it. */
interface FirstCall {
  call: ToolCallEvent;
  signals: SkillInvocation[];
}

/**
 * Engines record the skill signals a tool call carries (a Skill call naming the skill, a read of its SKILL.md)
 * as `skill` events right after its `tool-call` event, so the signals of the first call are the skill events
 * directly following it. The engines' own mapping is reused, not re-derived here.
 */
function firstToolCall(session: Session): FirstCall | undefined {
  const { events } = session;
  const index = events.findIndex((event) => event.type === 'tool-call');
  if (index < 0) return undefined;
  const signals: SkillInvocation[] = [];
  for (const event of events.slice(index + 1)) {
    if (event.type !== 'skill') break;
    signals.push({ name: event.name, via: event.via });
  }
  return { call: events[index] as ToolCallEvent, signals };
}

/** The skill signals the run's first tool call carried (none when no tool was called). */
export function firstToolSignals(session: Session): SkillInvocation[] {
  return firstToolCall(session)?.signals ?? [];
}

/** The strongest signal for `skill`: its tool called, else its SKILL.md read; a mention is not one. */
function strongSignal(signals: readonly SkillInvocation[], skill: string): SkillInvocation | undefined {
  const seen = signals.filter((s) => sameSkill(s.name, skill));
  return seen.find((s) => s.via === 'tool') ?? seen.find((s) => s.via === 'file-read');
}

function describeCall({ call, signals }: FirstCall): string {
  const input = JSON.stringify(call.input) ?? '';
  const shown = input.length > 200 ? `${input.slice(0, 200)}…` : input;
  const carried = signals.length ? signals.map((s) => `${s.name} (${s.via})`).join(', ') : 'no skill';
  return `${call.name} ${shown} (id ${call.id}; signal: ${carried})`;
}

function modeParam(check: Check): TriggerDetection {
  const { mode } = check;
  if (mode === undefined) return 'any-tool';
  if (typeof mode === 'string' && (MODES as readonly string[]).includes(mode)) return mode as TriggerDetection;
  throw new SkillEvalError('BAD_INPUT', `skill-used mode must be ${MODES.join(' or ')}, got ${JSON.stringify(mode)}`, {
    hint: 'write { type: skill-used, mode: first-tool } or leave mode out (any-tool)',
  });
}

/** Plugin skills show up as `plugin:skill`. */
export function sameSkill(invoked: string, wanted: string): boolean {
  return invoked === wanted || invoked.endsWith(`:${wanted}`);
}

function defaultSkill(skills: readonly { name: string }[]): string[] {
  const first = skills[0];
  if (!first) {
    throw new SkillEvalError('BAD_INPUT', 'skill-used has no value and the case names no skill', {
      hint: 'write { type: skill-used, value: <skill name> }',
    });
  }
  return [first.name];
}

function listInvoked(skills: readonly SkillInvocation[]): string {
  return skills.length ? skills.map((s) => `${s.name} (${s.via})`).join(', ') : 'none';
}
