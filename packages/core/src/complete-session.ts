import { type Session, SessionSchema, summarizeEvents } from './session.js';
import { type Warning, warning } from './warning.js';

/** A session as the runner takes it from an engine, or what makes it unusable. */
export type CompletedSession = { ok: true; session: Session } | { ok: false; problem: string };

const names = (items: readonly { name: string }[]): string => items.map((item) => item.name).join(', ') || 'none';

/**
 * The Session an engine's `run()` returned (`SessionInput`: what has a default may be left out), as the runner and
 * grading use it: defaults filled in; tool calls and skills taken from the events where the engine listed none; and a
 * warning where its lists say otherwise than its events (the lists are kept: an engine may know better, as codex does
 * of a skill read through a shell command).
 */
export function completeSession(raw: unknown): CompletedSession {
  const parsed = SessionSchema.safeParse(raw);
  if (!parsed.success) {
    const problem = parsed.error.issues.map((i) => `${i.path.join('.') || 'session'}: ${i.message}`).join('; ');
    return { ok: false, problem };
  }
  const session = parsed.data;
  const fromEvents = summarizeEvents(session.events);
  const warnings: Warning[] = [];
  let { toolCalls, skillsInvoked } = session;
  if (toolCalls.length === 0) toolCalls = fromEvents.toolCalls;
  else if (fromEvents.toolCalls.length > 0 && names(toolCalls) !== names(fromEvents.toolCalls)) {
    warnings.push(
      warning(
        'session',
        `The engine's tool calls (${names(toolCalls)}) disagree with those in its events (${names(fromEvents.toolCalls)}); the checks use its tool calls.`,
      ),
    );
  }
  if (skillsInvoked.length === 0) skillsInvoked = fromEvents.skillsInvoked;
  else if (fromEvents.skillsInvoked.length > 0 && !sameNames(skillsInvoked, fromEvents.skillsInvoked)) {
    warnings.push(
      warning(
        'session',
        `The engine's skills invoked (${names(skillsInvoked)}) disagree with those in its events (${names(fromEvents.skillsInvoked)}); the checks use its skills invoked.`,
      ),
    );
  }
  return { ok: true, session: { ...session, toolCalls, skillsInvoked, warnings: [...session.warnings, ...warnings] } };
}

function sameNames(a: readonly { name: string }[], b: readonly { name: string }[]): boolean {
  const sorted = (items: readonly { name: string }[]) => names([...items].sort((x, y) => x.name.localeCompare(y.name)));
  return sorted(a) === sorted(b);
}
