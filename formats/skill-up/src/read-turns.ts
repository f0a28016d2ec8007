import type { CaseContext } from './case-context.js';
import type { SkillUpCaseFile } from './case-schema.js';
import { nodeAt } from './yaml-path.js';

/** The user messages of a case, and whether `input` says more than skill-eval can run (kept verbatim then). */
export interface ReadTurns {
  turns: string[];
  /** True when turns carry post-conditions, captures, per-turn timeouts or simulated replies. */
  richer: boolean;
}

/**
 * `input.prompt` or `input.turns` → user messages. Post-conditions, captures and per-turn timeouts are
 * reported and kept; a simulated turn (`respond`), or a prompt a `user_simulator` scenario continues
 * (`simulated`), refuses the case. Returns undefined when the case cannot run.
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
  if (prompt && ctx.simulated) {
    ctx.sink.error(
      'user-simulator',
      "This case has a user_simulator scenario and a prompt: skill-up's simulator would go on answering the agent, turn by turn, until it stops or max_turns. skill-eval cannot run simulated turns yet, so this case is refused rather than run as one turn; remove user_simulator to run the prompt alone.",
      nodeAt(ctx.yaml, ['user_simulator']),
    );
    return undefined;
  }
  if (prompt) return { turns: [prompt], richer: false };
  if (!turns?.length) {
    ctx.sink.error(
      'missing-input',
      'The case has no input; write input.prompt, or input.turns for a conversation.',
      at(),
    );
    return undefined;
  }
  const fixed: string[] = [];
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
    if (turn.content) fixed.push(turn.content);
    else if (turn.respond !== undefined) {
      // skill-up's simulator writes this turn with a model from the agent's earlier answers (usersimulator.Next);
      // sending only the fixed turns would be another conversation, so the case is refused instead.
      ctx.sink.error(
        'user-simulator',
        `input.turns[${i}] is simulated (respond): skill-up's user simulator writes it from the agent's earlier answers, turn by turn. skill-eval cannot run simulated turns yet, so this case is refused rather than run with fewer turns; write the reply as content to run it.`,
        at('turns', i, 'respond'),
      );
      ok = false;
    } else {
      ctx.sink.error('missing-key', `input.turns[${i}].content is missing; write the user message.`, at('turns', i));
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
  if (fixed.length === 0) {
    ctx.sink.error(
      'missing-input',
      'Every turn is simulated; skill-eval needs at least one fixed user turn (content).',
      at('turns'),
    );
    return undefined;
  }
  return { turns: fixed, richer };
}
