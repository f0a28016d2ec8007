import { mkdir } from 'node:fs/promises';
import {
  type EngineRunInput,
  errorInfo,
  type Session,
  SessionSchema,
  summarizeEvents,
  warning,
} from '@skill-eval/core';
import { openTranscript, priceUsage } from '@skill-eval/engine-kit';
import { runAgentLoop } from './agent-loop.js';
import { connectMcpTools, type McpTools } from './mcp-tools.js';
import type { ModelClient, TranscriptRecorder } from './model-client.js';
import { createSkillTool, discoverSkills, type StagedSkill, skillListing } from './skill-tool.js';
import { createWorkspaceTools } from './workspace-tools.js';

/** What an API engine supplies to run one execution through the shared loop. */
export interface AgentSessionOptions {
  input: EngineRunInput;
  engineId: string;
  engineVersion?: string;
  /** Model requested; the reply's model wins in the Session. */
  model: string;
  /** Most model calls per user message. */
  maxTurns: number;
  /** Skill roots relative to the workspace. */
  skillRoots: readonly string[];
  /** File name of the JSONL transcript inside `input.artifactsDir`. */
  transcriptFile: string;
  /** Builds the provider client for this execution; it records raw requests/responses through `record`. */
  createClient(record: TranscriptRecorder): ModelClient;
}

/** The system prompt: working rules, the skill listing (as Claude Code words it), then the case's own system text. */
export function buildSystemPrompt(workspace: string, skills: readonly StagedSkill[], extra?: string): string {
  const parts = [
    'You are an autonomous agent working non-interactively. ' +
      'Use the tools to inspect and change files in the working directory (relative paths resolve against it). ' +
      'Finish with a short final answer.',
    // Worded as Claude Code words it, so prompts and scripted model servers see the same environment line.
    `# Environment\n - Primary working directory: ${workspace}`,
  ];
  if (skills.length > 0) parts.push(skillListing(skills));
  if (extra?.trim()) parts.push(extra);
  return parts.join('\n\n');
}

/** A Session for a run that failed before or outside the loop. */
export function errorSession(engineId: string, code: string, message: string, extra: Partial<Session> = {}): Session {
  return SessionSchema.parse({
    engineId,
    ...extra,
    status: 'error',
    error: { code, message },
    events: [{ type: 'error', message }],
  });
}

/** Runs one execution on the shared agent loop and turns it into a Session, transcript included. */
export async function runAgentSession(options: AgentSessionOptions): Promise<Session> {
  const { input, engineId, engineVersion } = options;
  const started = Date.now();
  const lines: string[] = [];
  const record: TranscriptRecorder = (entry) =>
    lines.push(JSON.stringify({ time: new Date().toISOString(), ...entry }));
  let skills: StagedSkill[];
  try {
    skills = discoverSkills(input.workspace, options.skillRoots);
  } catch (error) {
    return errorSession(engineId, 'ENGINE_FAILED', `Could not read the staged skills: ${errorInfo(error).message}`, {
      engineVersion,
    });
  }
  let mcp: McpTools;
  try {
    mcp = await connectMcpTools(input.mcpServers ?? [], { env: input.env, cwd: input.workspace });
  } catch (error) {
    const { code, message } = errorInfo(error);
    return errorSession(engineId, code, message, { engineVersion });
  }
  const tools = [
    ...(skills.length > 0 ? [createSkillTool(skills, input.workspace)] : []),
    ...createWorkspaceTools(input.workspace, skills),
    ...mcp.tools,
  ];
  const system = buildSystemPrompt(input.workspace, skills, input.system);
  let loop: Awaited<ReturnType<typeof runAgentLoop>>;
  try {
    loop = await runAgentLoop({
      client: options.createClient(record),
      tools,
      system,
      turns: input.turns,
      ...(input.nextTurn ? { nextTurn: input.nextTurn } : {}),
      maxTurns: options.maxTurns,
      timeoutMs: input.timeoutMs,
      signal: input.signal,
      stopWhen: input.stopWhen,
    });
  } finally {
    await mcp.close();
  }
  const warnings = [...loop.warnings];
  let transcriptPath: string | undefined;
  try {
    await mkdir(input.artifactsDir, { recursive: true });
    // Through the file layer, and into the execution's record in the run directory as well (see openTranscript).
    const unwritten = warnings.length;
    const transcript = openTranscript(input, options.transcriptFile, warnings);
    for (const line of lines) transcript.writeLine(line);
    transcript.close();
    if (warnings.length === unwritten) transcriptPath = transcript.path;
  } catch (error) {
    warnings.push(`Could not write the transcript: ${errorInfo(error).message}`);
  }
  const model = loop.model ?? options.model;
  return SessionSchema.parse({
    status: loop.status,
    finalMessage: loop.finalMessage,
    events: loop.events,
    ...summarizeEvents(loop.events),
    usage: loop.usage,
    costUsd: loop.modelCalls > 0 ? priceUsage(model, loop.usage) : undefined,
    durationMs: Date.now() - started,
    turns: loop.modelCalls,
    engineId,
    engineVersion,
    model,
    transcriptPath,
    warnings: warnings.map((message) => warning('engine', message)),
    error: loop.error,
    stoppedEarly: loop.stoppedEarly,
  });
}
