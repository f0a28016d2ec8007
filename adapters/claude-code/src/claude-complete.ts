import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type CompletionRequest,
  type CompletionResponse,
  executionTempDir,
  redactorOf,
  SkillEvalError,
} from '@skill-eval/core';
import { howItEnded, runGroupProcess } from '@skill-eval/engine-kit';
import type { ClaudeCodeSettings } from './claude-code-settings.js';
import { buildClaudeEnv } from './claude-command.js';
import { CLAUDE_ENVIRONMENT } from './claude-credentials.js';
import { StreamJsonParser } from './stream-json.js';

const DEFAULT_TIMEOUT_MS = 120_000;
/** Judges get no runner-built env, so the parent's is filtered here: the endpoint, auth, proxies, locale. */
const PASSED_ENV = /^(PATH|LANG|LC_ALL|TZ|TMPDIR|ANTHROPIC_.+|HTTPS?_PROXY|NO_PROXY|https?_proxy|no_proxy)$/;
const DEFAULT_SYSTEM = 'You are a careful assistant. Answer the request directly.';

/** One conversation as a single prompt: claude -p takes one user message. */
export function renderPrompt(messages: CompletionRequest['messages']): string {
  if (messages.length === 1) return messages[0]!.content;
  return messages.map((m) => `${m.role === 'user' ? 'User' : 'Assistant'}: ${m.content}`).join('\n\n');
}

/** A plain completion through `claude -p` with no tools, no skills, no session file, one model turn. */
export async function completeWithClaude(
  binary: string,
  settings: ClaudeCodeSettings,
  request: CompletionRequest,
): Promise<CompletionResponse> {
  const home = await mkdtemp(join(tmpdir(), 'skill-eval-claude-judge-'));
  try {
    await mkdir(executionTempDir(home));
    const source = request.env ?? process.env;
    const parent = Object.fromEntries(
      Object.entries(source).filter(
        (entry): entry is [string, string] =>
          (PASSED_ENV.test(entry[0]) || CLAUDE_ENVIRONMENT.includes(entry[0])) && !!entry[1],
      ),
    );
    const env = buildClaudeEnv({ env: parent, home, ...(source.HOME ? { userHome: source.HOME } : {}) }, settings);
    if (request.maxTokens) env.CLAUDE_CODE_MAX_OUTPUT_TOKENS = String(request.maxTokens);
    const model = request.model ?? settings.model;
    const args = ['-p', '--output-format', 'stream-json', '--verbose', '--tools', '', '--setting-sources', ''];
    // The system prompt and the model in one word with their options: a judge or simulated user's model may come from
    // an eval file, and neither can then read as another option of claude's.
    args.push('--no-session-persistence', '--max-turns', '1', `--system-prompt=${request.system ?? DEFAULT_SYSTEM}`);
    if (model) args.push(`--model=${model}`);
    const parser = new StreamJsonParser();
    const proc = await runGroupProcess({
      file: binary,
      args,
      // On stdin, not argv: a judge's prompt holds the agent's whole work, and one argument may hold at most 128 KiB.
      stdin: renderPrompt(request.messages),
      cwd: home,
      env,
      deadline: Date.now() + (request.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      signal: request.signal,
      onLine: (line) => parser.pushLine(line),
    });
    const parsed = parser.finish();
    const redact = redactorOf(env).text;
    if (proc.aborted) throw new SkillEvalError('INTERRUPTED', 'The completion was interrupted.');
    if (proc.timedOut) throw new SkillEvalError('TIMEOUT', 'claude did not answer the completion in time.');
    if (proc.spawnError) throw new SkillEvalError('ENGINE_FAILED', `Could not start ${binary}: ${proc.spawnError}`);
    if (parsed.status !== 'completed') {
      const why = parsed.errorMessage ?? (proc.stderrTail || `claude ${howItEnded(proc)}`);
      throw new SkillEvalError('ENGINE_FAILED', `claude completion failed: ${redact(why.slice(-1000))}`);
    }
    return {
      text: parsed.finalMessage,
      model: parsed.model ?? model ?? 'unknown',
      usage: parsed.usage,
      ...(parsed.costUsd !== undefined ? { costUsd: parsed.costUsd } : {}),
    };
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}
