import { describe, expect, it } from 'vitest';
import { resultEvents } from './result-events.js';
import { SessionResultSchema } from './session-result.js';

const eventsOf = (transcript: unknown[]) => {
  const warnings: string[] = [];
  const result = SessionResultSchema.parse({ exit_code: 0, final_message: 'done', transcript });
  return { events: resultEvents(result, [], warnings), warnings };
};

describe('resultEvents', () => {
  it('reads a tool_call entry of skill-up transcript shape, with its skill', () => {
    const { events, warnings } = eventsOf([
      { role: 'tool_call', tool_call: { id: 'c1', name: 'Skill', arguments: { skill: 'pdf' } } },
    ]);
    expect(events.filter((e) => e.type === 'tool-call' || e.type === 'skill')).toEqual([
      { type: 'tool-call', id: 'c1', name: 'Skill', input: { skill: 'pdf' } },
      { type: 'skill', name: 'pdf', via: 'tool' },
    ]);
    expect(warnings).toEqual([]);
  });

  it('warns about a tool_call entry without its tool_call object instead of passing it off as a call of "unknown"', () => {
    const { events, warnings } = eventsOf([{ role: 'tool_call', name: 'Skill', input: { skill: 'pdf' } }]);
    expect(events.some((e) => e.type === 'tool-call')).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/transcript entry 0 .*tool_call: \{id, name, arguments\}/);
  });
});
