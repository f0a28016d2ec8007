import { type Case, errorInfo, type NextUserTurn, type TurnAnswer, type UserSimulatorSpec } from '@skill-eval/core';
import type { Judge } from '@skill-eval/grading';
import { AUTONOMOUS_INSTRUCTION, askSimulator, type Exchange, type ResponsePolicy } from './user-simulator.js';

/** How a simulated conversation ended, beyond what the engine recorded. */
export interface ConversationOutcome {
  /** The simulator failed, or the conversation reached its limit: the execution is an error. */
  failure?: { code: string; message: string };
  /** Why the simulated user ended the conversation (its stop `reason`). */
  stopReason?: string;
}

/**
 * The user's side of a case whose user is simulated, turn by turn, as skill-up's `executeMultiTurn` drives it
 * (alibaba/skill-up internal/evaluator/multiturn.go:84-165): fixed turns are sent as written; a `respond` turn is
 * written by the simulator under its instruction, and must be a reply (resolveTurnMessage, `MustReply`); an
 * autonomous conversation (a prompt with a scenario) asks the simulator after every answer for the next message or a
 * stop (multiturn.go:126-147), and a reply once `maxTurns` messages were sent is an error (multiturn.go:135-137). The
 * simulator sees every exchange so far (simulatorHistory).
 */
export class SimulatedConversation {
  /** What the engine's run is to record beside its session. */
  readonly outcome: ConversationOutcome = {};
  private readonly history: Exchange[] = [];
  /** Messages sent so far, in order. */
  private readonly sent: string[] = [];

  constructor(
    private readonly testCase: Case & { userSimulator: UserSimulatorSpec },
    private readonly judge: Judge,
    private readonly signal: AbortSignal,
  ) {}

  /** The first user message, or null when the simulator failed to write it (see `outcome`). */
  async first(): Promise<NextUserTurn | null> {
    return this.caseTurn(0);
  }

  /** The engine's `nextTurn`: records the answer, then gives the next message, or null to end the conversation. */
  readonly nextTurn = async (answer: TurnAnswer): Promise<NextUserTurn | null> => {
    const user = this.sent[answer.turn];
    if (user !== undefined) this.history.push({ user, agent: answer.finalMessage });
    const index = this.sent.length;
    if (index < this.testCase.turns.length) return this.caseTurn(index);
    const spec = this.testCase.userSimulator;
    if (!spec.autonomous) return null;
    const decision = await this.ask(AUTONOMOUS_INSTRUCTION, 'may_stop', index);
    if (!decision) return null;
    if (decision.action === 'stop') {
      this.outcome.stopReason = decision.reason;
      return null;
    }
    if (index >= spec.maxTurns) {
      this.outcome.failure = { code: 'MAX_TURNS', message: `user simulation reached max_turns=${spec.maxTurns}` };
      return null;
    }
    return this.send(decision.message, true);
  };

  /** Turn `index` of the case: as written, or written by the simulator for a `respond` turn. */
  private async caseTurn(index: number): Promise<NextUserTurn | null> {
    const text = this.testCase.turns[index]!;
    if (!this.testCase.userSimulator.respond.includes(index)) return this.send(text, false);
    const decision = await this.ask(text, 'must_reply', index + 1);
    // must_reply admits only a reply (parseDecision).
    return decision?.action === 'reply' ? this.send(decision.message, true) : null;
  }

  private send(text: string, simulated: boolean): NextUserTurn {
    this.sent.push(text);
    return { text, simulated };
  }

  /** One simulator call; a failure is recorded as skill-up words it (`turn N user simulation: …`) and gives undefined. */
  private async ask(instruction: string, policy: ResponsePolicy, turn: number) {
    const spec = this.testCase.userSimulator;
    try {
      return await askSimulator(this.judge, {
        scenario: spec.scenario,
        instruction,
        history: this.history,
        policy,
        ...(spec.timeoutSeconds !== undefined ? { timeoutSeconds: spec.timeoutSeconds } : {}),
        signal: this.signal,
      });
    } catch (error) {
      const { code, message } = errorInfo(error);
      this.outcome.failure = { code, message: `turn ${turn} user simulation: ${message}` };
      return undefined;
    }
  }
}
