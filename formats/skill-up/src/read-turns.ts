import type { CaseContext } from './case-context.js';
import type { SkillUpCaseFile } from './case-schema.js';
import { nodeAt } from './yaml-path.js';

/** The user messages of a case, and whether `input` says more than skill-eval can run (kept verbatim then). */
export interface ReadTurns {
  /** The messages in order; a `respond` turn holds its instruction to the simulator. */
  turns: string[];
  /** Indexes of `turns` the user simulator writes (`respond`). */
  respond: number[];
  /** A prompt a `user_simulator` scenario continues: the simulator writes every later message, or stops. */
  autonomous: boolean;
  /** True when turns carry post-conditions, captures or per-turn timeouts. */
  richer: boolean;
}

/**
 * `input.prompt` or `input.turns` → user messages, as skill-up reads them (alibaba/skill-up
 * internal/evaluator/multiturn.go:153-165 `prepareConversation`): a prompt with a `user_simulator` scenario
 * (`simulated`) is an autonomous conversation; a turn with `respond` is written by the simulator under that
 * instruction, and needs the scenario and no `content` (internal/config/user_simulator_test.go,
 * TestValidateUserSimulatorConfiguration). Post-conditions, captures and per-turn timeouts are reported and kept.
 * Returns undefined when the case cannot run.
 */
export function readTurns(
  input: SkillUpCaseFile['input'],
  ctx: CaseContext & { simulated?: boolean },
): ReadTurns | undefined {
  const at = (...path: PropertyKey[]) => nodeAt(ctx.yaml, ['input', ...path]);
  const { prompt, turns } = input;
  if (prompt && turns?.length) {
    ctx.sink.error('bad-value', 'input.prompt and input.turns are mutually exclusive; keep one of them.', at('turns'));
    return undefined;
  }
  if (prompt) return { turns: [prompt], respond: [], autonomous: ctx.simulated === true, richer: false };
  if (!turns?.length) {
    ctx.sink.error(
      'missing-input',
      'The case has no input; write input.prompt, or input.turns for a conversation.',
      at(),
    );
    return undefined;
  }
  const messages: string[] = [];
  const respond: number[] = [];
  let richer = false;
  let ok = true;
  turns.forEach((turn, i) => {
    if (turn.role === undefined) {
      ctx.sink.error('missing-key', `input.turns[${i}].role is missing; write role: user.`, at('turns', i));
      ok = false;
    } else if (turn.role !== 'user') {
      ctx.sink.error(
        'bad-value',
        `input.turns[${i}].role is ${JSON.stringify(turn.role)}; skill-up sends only user turns (role: user).`,
        at('turns', i, 'role'),
      );
      ok = false;
    }
    if (turn.content && turn.respond) {
      ctx.sink.error(
        'bad-value',
        `input.turns[${i}] has both content and respond, which are mutually exclusive in skill-up; keep content for a fixed message or respond for a simulated one.`,
        at('turns', i, 'respond'),
      );
      ok = false;
    } else if (turn.content) messages.push(turn.content);
    else if (turn.respond) {
      if (!ctx.simulated) {
        ctx.sink.error(
          'user-simulator',
          `input.turns[${i}] is simulated (respond), which requires user_simulator.scenario in the case; add the scenario the simulated user follows.`,
          at('turns', i, 'respond'),
        );
        ok = false;
      }
      respond.push(messages.length);
      messages.push(turn.respond);
    } else {
      ctx.sink.error(
        'missing-key',
        `input.turns[${i}].content is missing; write the user message (or respond: for a simulated one).`,
        at('turns', i),
      );
      ok = false;
    }
    for (const key of ['post_condition', 'capture', 'timeout_seconds'] as const) {
      if (turn[key] === undefined) continue;
      richer = true;
      ctx.sink.warning(
        'not-honoured',
        `input.turns[${i}].${key} is not applied by skill-eval (it grades the whole conversation); it is kept in metadata.`,
        at('turns', i, key),
      );
    }
  });
  if (!ok) return undefined;
  return { turns: messages, respond, autonomous: false, richer };
}
