import type { Dialect } from './dialect.js';

/** How AgentV negates one assertion, and what to tell the user when that differs from what the file says. */
export interface AgentvNegation {
  /** The type without a `not-` prefix, as written otherwise. */
  type: string;
  /** Whether AgentV inverts the verdict. */
  negate: boolean;
  /** Why AgentV's verdict differs from the plain reading of `not-` and `negate`, when it does. */
  warning?: { kind: NegationWarning; message: string; onType: boolean };
}

/** What a negation warning is about; the reader reports each under its own rule id. */
export type NegationWarning = 'negate-cancelled' | 'unknown-negated-type' | 'member-negate-ignored';

/** The trajectory kinds whose `not-` prefix AgentV 5 reads (`TRAJECTORY_GRADER_TYPES`, loaders/grader-parser.ts:123-129). */
const TRAJECTORY = new Set([
  'trajectory:tool-used',
  'trajectory:tool-args-match',
  'trajectory:tool-sequence',
  'trajectory:step-count',
  'trajectory:goal-success',
]);

const SKILL_USED = new Set(['skill-used', 'not-skill-used']);

/**
 * Whether AgentV inverts an assertion, from its written type and `negate`, at the file's version (cited at
 * EntityProcess/agentv 58f316ca2, v5.3.1-next.1-45, and @agentv/core 4.42.4 `dist/chunk-FRDEARJA.js`):
 *
 * - 5.x reads `not-` only before a trajectory kind, and sets `inverse` when either it or `negate` is there — an OR,
 *   not a toggle (loaders/grader-parser.ts:648-654, 731); the orchestrator does not negate them again (no `negate`
 *   in the config).
 * - 5.x `skill-used` inverts on `not-skill-used` or `negate` (graders/skill-used.ts:32), and the orchestrator negates
 *   a top-level grader with `negate` once more (orchestrator.ts:3115-3126): at the top level `negate: true` cancels
 *   itself and the check asks whether the skill fired.
 * - Any other grader is negated by the orchestrator alone, at the top level (orchestrator.ts:3115; 4.42.4 at
 *   chunk-FRDEARJA.js:23464). A member of an assert-set (5.x `AssertSetGrader.evaluate`,
 *   graders/promptfoo-assertions.ts:253-271) or of a composite (4.42.4 `CompositeGrader.evaluate`,
 *   chunk-FRDEARJA.js:2275-2285) is run without that step: its `negate` changes nothing.
 * - Any other `not-` type is no grader AgentV knows: the loader keeps it as a custom type (grader-parser.ts:678;
 *   4.42.4, which has no `not-` at all, at chunk-FRDEARJA.js:18192) and the run fails it with "Unknown grader type"
 *   (registry/grader-registry.ts:83-88). skill-eval grades it negated, as promptfoo would, and says so.
 */
export function agentvNegation(written: string, negateKey: unknown, dialect: Dialect, member: boolean): AgentvNegation {
  const prefixed = /^not[-_]/i.test(written);
  const type = prefixed ? written.slice(4) : written;
  const base = type.toLowerCase().replaceAll('_', '-');
  const negateWritten = negateKey === true;
  const v5 = dialect === 'agentv-5';

  if (v5 && TRAJECTORY.has(base) && (!prefixed || written.startsWith('not-'))) {
    return { type, negate: prefixed || negateWritten };
  }
  if (v5 && SKILL_USED.has(written.toLowerCase())) {
    const inverse = prefixed || negateWritten;
    if (member || !negateWritten) return { type, negate: inverse };
    return {
      type,
      negate: false,
      warning: {
        kind: 'negate-cancelled',
        onType: false,
        message: `AgentV 5 inverts ${written} on negate: true (graders/skill-used.ts:32) and then negates the result again (orchestrator.ts:3115), so this assertion passes when the skill DID fire; skill-eval grades it as AgentV does. For "never fired" write type: not-skill-used without negate.`,
      },
    };
  }
  if (prefixed) {
    const known = v5 ? 'only trajectory:* and skill-used take it' : 'AgentV 4 has no not- types';
    return {
      type,
      negate: !negateWritten,
      warning: {
        kind: 'unknown-negated-type',
        onType: true,
        message: `AgentV has no '${written}' grader (${known}): it keeps the type as a custom one and fails the assertion at run time with "Unknown grader type". skill-eval grades it as '${type}' negated; to have AgentV do the same, write type: ${type} with negate: true${member ? ' outside the set' : ''}.`,
      },
    };
  }
  if (member && negateWritten) {
    return {
      type,
      negate: false,
      warning: {
        kind: 'member-negate-ignored',
        onType: false,
        message: `AgentV runs the members of ${v5 ? 'an assert-set' : 'a composite'} without their negate (${v5 ? 'graders/promptfoo-assertions.ts:253-271' : 'CompositeGrader.evaluate'}), so this member is graded as if negate were not there; skill-eval does the same. To negate it, move it out of the set.`,
      },
    };
  }
  return { type, negate: negateWritten };
}
