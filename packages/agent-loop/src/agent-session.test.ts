import { lstat, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAgentSession } from './agent-session.js';
import type { ModelClient } from './model-client.js';
import { tempWorkspace } from './testing/index.js';

let ws: Awaited<ReturnType<typeof tempWorkspace>>;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

const usage = { inputTokens: 1_000_000, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 };
const sessionOptions = (client: ModelClient, skillRoots: string[]) =>
  ({
    input: {
      executionId: 'x',
      workspace: ws.workspace,
      home: ws.root,
      skills: [],
      turns: ['Greet me.'],
      system: 'Case system text.',
      timeoutMs: 5_000,
      signal: new AbortController().signal,
      env: {},
      artifactsDir: join(ws.root, 'artifacts'),
    },
    engineId: 'fake',
    model: 'gpt-5.5',
    maxTurns: 3,
    skillRoots,
    transcriptFile: 't.jsonl',
    createClient: (record) => {
      record({ type: 'request' });
      return client;
    },
  }) satisfies Parameters<typeof runAgentSession>[0];
const session = (client: ModelClient, skillRoots: string[]) => runAgentSession(sessionOptions(client, skillRoots));

describe('runAgentSession', () => {
  it('offers the staged skills in the system prompt and tools, prices usage and writes the transcript', async () => {
    let seen: { system: string; tools: string[] } | undefined;
    const client: ModelClient = {
      call: async (_c, tools, system) => {
        seen = { system, tools: tools.map((t) => t.name) };
        return { text: 'hi', toolCalls: [], usage, model: 'gpt-5.5-2026', stopReason: null };
      },
    };
    const result = await session(client, ['.claude/skills']);
    expect(seen!.tools).toEqual(['Skill', 'Read', 'Write', 'ListFiles']);
    expect(seen!.system).toContain('- pirate-speak: Use when the user wants a greeting in pirate speak.');
    expect(seen!.system.endsWith('Case system text.')).toBe(true);
    expect(result).toMatchObject({ status: 'completed', model: 'gpt-5.5-2026', turns: 1, costUsd: 1.25 });
    expect(JSON.parse(await readFile(result.transcriptPath!, 'utf8'))).toMatchObject({ type: 'request' });
  });

  it('writes its transcript anew where a link was left at the name, and into the execution record it is given', async () => {
    const outside = join(ws.root, 'outside.txt');
    await writeFile(outside, 'host file\n');
    await mkdir(join(ws.root, 'artifacts'));
    await symlink(outside, join(ws.root, 'artifacts', 't.jsonl'));
    const recorded: string[] = [];
    const client: ModelClient = {
      call: async () => ({ text: 'hi', toolCalls: [], usage, model: 'gpt-5.5', stopReason: null }),
    };
    const result = await runAgentSession({
      ...sessionOptions(client, []),
      input: {
        ...sessionOptions(client, []).input,
        record: {
          openLines: (name) => ({ path: `/run/${name}`, writeLine: (line) => recorded.push(line), close: () => {} }),
          keep: () => {},
        },
      },
    });
    expect(await readFile(outside, 'utf8')).toBe('host file\n');
    expect((await lstat(result.transcriptPath!)).isFile()).toBe(true);
    expect(recorded.map((line) => JSON.parse(line))).toMatchObject([{ type: 'request' }]);
  });

  it('counts a Read of a staged SKILL.md as a file-read signal of that skill, as the CLI engines do', async () => {
    let call = 0;
    const client: ModelClient = {
      call: async () => {
        const toolCalls = [
          { id: '1', name: 'Read', input: { file_path: '.claude/skills/pirate/SKILL.md' } },
          { id: '2', name: 'Read', input: { file_path: 'notes.md' } },
        ];
        return call++ === 0
          ? { text: '', toolCalls, usage, model: 'm', stopReason: 'tool_use' }
          : { text: 'AHOY', toolCalls: [], usage, model: 'm', stopReason: 'end_turn' };
      },
    };
    const result = await session(client, ['.claude/skills']);
    expect(result.skillsInvoked).toEqual([{ name: 'pirate-speak', via: 'file-read' }]);
    expect(result.events.map((e) => e.type)).toEqual([
      'message',
      'tool-call',
      'skill',
      'tool-result',
      'tool-call',
      'tool-result',
      'message',
    ]);
  });

  it('offers no Skill tool when nothing is staged at the roots', async () => {
    let tools: string[] = [];
    const client: ModelClient = {
      call: async (_c, defs, system) => {
        tools = defs.map((t) => t.name);
        expect(system).not.toContain('Skill tool');
        return { text: 'hi', toolCalls: [], usage, model: 'm', stopReason: null };
      },
    };
    await session(client, ['.agents/skills']);
    expect(tools).toEqual(['Read', 'Write', 'ListFiles']);
  });
});
