import type { SessionEvent, SkillSignal } from '@skill-eval/core';
import { skillNameFromInput, skillNameFromPath } from '@skill-eval/engine-kit';
import type { SessionMessage } from './session-input.js';
import type { SessionResultJson, TranscriptEntry } from './session-result.js';

const text = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value);

/** Skill events a tool call implies: the `Skill` tool (strong), or a read of some `<name>/SKILL.md`. */
function skillSignals(name: string, input: unknown): SessionEvent[] {
  if (name === 'Skill') {
    const skill = skillNameFromInput(input);
    return skill ? [{ type: 'skill', name: skill, via: 'tool' }] : [];
  }
  const record = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const skill = skillNameFromPath(record.file_path ?? record.path);
  return skill ? [{ type: 'skill', name: skill, via: 'file-read' }] : [];
}

/**
 * The transcript without the input messages the program echoed back at its start. The echo may skip some of
 * them (the system message, say), so each leading entry is looked up further along the messages sent.
 */
function withoutEcho(transcript: readonly TranscriptEntry[], sent: readonly SessionMessage[]): TranscriptEntry[] {
  let skip = 0;
  let next = 0;
  while (skip < transcript.length) {
    const entry = transcript[skip]!;
    const found = sent.findIndex((m, i) => i >= next && m.role === entry.role && m.content === text(entry.content));
    if (found < 0) break;
    next = found + 1;
    skip++;
  }
  return transcript.slice(skip);
}

function transcriptEvents(entries: readonly TranscriptEntry[], warnings: string[]): SessionEvent[] {
  const events: SessionEvent[] = [];
  let lastCallId = '';
  for (const [index, entry] of entries.entries()) {
    switch (entry.role) {
      case 'user':
      case 'system':
      case 'assistant':
        events.push({ type: 'message', role: entry.role, text: text(entry.content) });
        break;
      case 'tool_call': {
        if (!entry.tool_call) {
          warnings.push(
            `transcript entry ${index} has role "tool_call" but no tool_call: {id, name, arguments} (skill-up's pkg/transcript shape), so it is not read as a tool call`,
          );
          break;
        }
        const name = entry.tool_call.name;
        lastCallId = entry.tool_call.id ?? `call-${index}`;
        const input = entry.tool_call.arguments;
        events.push({ type: 'tool-call', id: lastCallId, name, input }, ...skillSignals(name, input));
        break;
      }
      case 'tool_result':
      case 'tool': {
        const status = entry.tool_result?.status?.toLowerCase();
        events.push({
          type: 'tool-result',
          id: entry.tool_result?.call_id ?? lastCallId,
          output: text(entry.tool_result?.content ?? entry.content),
          isError: status === 'error' || status === 'failed' || status === 'failure',
        });
        break;
      }
      case 'error':
        events.push({ type: 'error', message: text(entry.content) });
        break;
      default:
        warnings.push(`transcript entry ${index} has an unknown role "${entry.role}"`);
    }
  }
  return events;
}

/** The events of one call, from a SessionResult: its transcript, else its flat tool calls and final message. */
export function resultEvents(
  result: SessionResultJson,
  sent: readonly SessionMessage[],
  warnings: string[],
): SessionEvent[] {
  const events = transcriptEvents(withoutEcho(result.transcript ?? [], sent), warnings);
  if (!events.some((event) => event.type === 'tool-call')) {
    for (const [index, call] of (result.tool_calls ?? []).entries()) {
      const id = call.id ?? `call-${index}`;
      const input = call.input ?? call.arguments;
      events.push({ type: 'tool-call', id, name: call.name, input }, ...skillSignals(call.name, input));
      if (call.output !== undefined || call.is_error !== undefined) {
        events.push({ type: 'tool-result', id, output: text(call.output), isError: call.is_error === true });
      }
    }
  }
  for (const skill of result.skills ?? []) {
    const name = typeof skill === 'string' ? skill : skill.name;
    const via: SkillSignal = typeof skill === 'string' ? 'tool' : (skill.via ?? 'tool');
    events.push({ type: 'skill', name, via });
  }
  const answered = events.some((event) => event.type === 'message' && event.role === 'assistant');
  if (!answered && result.final_message) {
    events.push({ type: 'message', role: 'assistant', text: result.final_message });
  }
  return events;
}
