import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  deadlineSignal,
  type Engine,
  type EngineRunInput,
  type Session,
  type SessionEvent,
  summarizeEvents,
} from '@skill-eval/core';

/** Defects to build into the reference engine, so tests can show the conformance suite catches them. */
export interface Defects {
  /** Reports tool calls but not their results. */
  dropToolResults?: boolean;
  /** Lists the skills of this directory to the model even when none is staged. */
  alwaysListFrom?: string;
  /** Sends each user turn without the earlier ones. */
  forgetHistory?: boolean;
  /** Calls an HTTP error a completed run. */
  errorsAsCompleted?: boolean;
  /** Starts a child that outlives the run. */
  leaveChild?: boolean;
}

type Block = { type: string; text?: string; id?: string; name?: string; input?: Record<string, string> };

/** A small in-process agent on the Anthropic Messages API (Skill and Write tools), for testing the suite itself. */
export function referenceEngine(defects: Defects = {}): Engine {
  const skillRoot = '.claude/skills';
  return {
    id: 'reference',
    skillRoots: [skillRoot],
    version: async () => '1.0.0',
    async run(input: EngineRunInput): Promise<Session> {
      const started = Date.now();
      const events: SessionEvent[] = [];
      const usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 };
      const done = (status: Session['status'], finalMessage = '', error?: Session['error']): Session => ({
        status,
        exitCode: null,
        finalMessage,
        events,
        ...summarizeEvents(events),
        usage,
        durationMs: Date.now() - started,
        turns: events.filter((e) => e.type === 'message' && e.role === 'assistant').length,
        engineId: 'reference',
        stoppedEarly: false,
        warnings: [],
        ...(error ? { error } : {}),
      });
      if (defects.leaveChild) spawn('sleep', ['30'], { env: input.env, detached: true, stdio: 'ignore' }).unref();
      const roots = [join(input.workspace, skillRoot), ...(defects.alwaysListFrom ? [defects.alwaysListFrom] : [])];
      const skills = roots.flatMap((root) =>
        existsSync(root) ? readdirSync(root).map((name) => ({ name, file: join(root, name, 'SKILL.md') })) : [],
      );
      const system = [
        `Primary working directory: ${input.workspace}`,
        ...skills.map((s) => `- ${s.name}: ${/description: (.*)/.exec(readFileSync(s.file, 'utf8'))?.[1]}`),
      ].join('\n');
      const tools = ['Skill', 'Write'].map((name) => ({ name, input_schema: { type: 'object' } }));
      const deadline = deadlineSignal(input.timeoutMs, input.signal);
      const signal = deadline.signal;
      let messages: { role: string; content: unknown }[] = [];
      let finalMessage = '';
      try {
        for (const turn of input.turns) {
          if (defects.forgetHistory) messages = [];
          messages.push({ role: 'user', content: turn });
          events.push({ type: 'message', role: 'user', text: turn });
          for (;;) {
            const res = await fetch(`${input.env.ANTHROPIC_BASE_URL}/v1/messages`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-api-key': input.env.ANTHROPIC_API_KEY ?? '' },
              body: JSON.stringify({ model: 'claude-sonnet-5-5', max_tokens: 1024, system, tools, messages }),
              signal,
            });
            const body = (await res.json()) as {
              content: Block[];
              usage: { input_tokens: number; output_tokens: number };
            };
            if (!res.ok) {
              if (defects.errorsAsCompleted) return done('completed', 'fine');
              return done('error', '', { code: 'ENGINE_FAILED', message: `HTTP ${res.status}` });
            }
            usage.inputTokens += body.usage.input_tokens;
            usage.outputTokens += body.usage.output_tokens;
            messages.push({ role: 'assistant', content: body.content });
            const uses = body.content.filter((b) => b.type === 'tool_use');
            if (uses.length === 0) {
              finalMessage = body.content.map((b) => b.text ?? '').join('');
              events.push({ type: 'message', role: 'assistant', text: finalMessage });
              break;
            }
            const results = uses.map((use) => {
              const skill = skills.find((s) => s.name === use.input?.skill);
              const output = skill ? readFileSync(skill.file, 'utf8') : `Wrote ${use.input?.file_path}`;
              if (!skill)
                writeFileSync(resolve(input.workspace, use.input?.file_path ?? 'x'), use.input?.content ?? '');
              events.push({ type: 'tool-call', id: use.id!, name: use.name!, input: use.input });
              if (skill) events.push({ type: 'skill', name: skill.name, via: 'tool' });
              if (!defects.dropToolResults) events.push({ type: 'tool-result', id: use.id!, output, isError: false });
              return { type: 'tool_result', tool_use_id: use.id, content: output };
            });
            messages.push({ role: 'user', content: results });
          }
        }
      } catch (error) {
        if (signal.aborted && !input.signal.aborted)
          return done('timeout', '', { code: 'TIMEOUT', message: 'timed out' });
        return done('error', '', { code: 'ENGINE_FAILED', message: String(error) });
      } finally {
        deadline.dispose();
      }
      return done('completed', finalMessage);
    },
  };
}
