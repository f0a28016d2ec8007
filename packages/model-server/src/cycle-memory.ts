import type { FakeApi } from './api-adapter.js';
import { newId } from './ids.js';
import type { FakeResponse } from './script.js';

/**
 * What a server remembers about `cycle` conversations: how many runs each has started, and which response list
 * each tool call id it handed out belongs to — so the later requests of a run, which send those ids back, stay
 * on their run's list even when runs overlap.
 */
export class CycleMemory {
  private readonly started = new Map<string, number>();
  private readonly latest = new Map<string, number>();
  private readonly listOfCall = new Map<string, Map<string, number>>();

  /** The list a request follows: the next one at step 0, else the one whose call ids `body` carries. */
  listFor(conversation: string, lists: number, step: number, body: string): number {
    if (step === 0) {
      const runs = this.started.get(conversation) ?? 0;
      this.started.set(conversation, runs + 1);
      this.latest.set(conversation, runs % lists);
      return runs % lists;
    }
    for (const [id, list] of this.listOfCall.get(conversation) ?? []) {
      if (body.includes(id)) return list;
    }
    return this.latest.get(conversation) ?? 0;
  }

  /** The response with an id on every tool call, each remembered as belonging to `list`. */
  tag(conversation: string, list: number, response: FakeResponse, api: FakeApi): FakeResponse {
    if (!response.toolCalls?.length) return response;
    const calls = this.listOfCall.get(conversation) ?? new Map<string, number>();
    this.listOfCall.set(conversation, calls);
    const toolCalls = response.toolCalls.map((call) => {
      const id = call.id ?? newId(api === 'anthropic' ? 'toolu_' : 'call_');
      calls.set(id, list);
      return { ...call, id };
    });
    return { ...response, toolCalls };
  }
}
