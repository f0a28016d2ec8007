import { basename, isAbsolute, relative } from 'node:path';
import type { FixtureFile } from '@skill-eval/core';
import { observedRealPath } from '@skill-eval/core';
import { at, describe, isRecord, type ReadContext } from './context.js';
import { checkInsideProject, type FoundReference, findReference } from './references.js';
import type { DocPath } from './source.js';

/** What an AgentV input (a string, a message, or a message list) says, in skill-eval's terms. */
export interface InputParts {
  /** One entry per user message. */
  turns: string[];
  /** System messages, joined. */
  system?: string;
  /** Files named by `{type: file}` content parts, staged into the workspace. */
  files: FixtureFile[];
  /** Assistant and tool messages, which a fresh agent session cannot replay. */
  history: { role: string; content: string }[];
}

const ROLES = new Set(['system', 'user', 'assistant', 'tool']);

const isMessage = (v: unknown): v is { role: string; content: unknown } =>
  isRecord(v) && typeof v.role === 'string' && 'content' in v;
const isPart = (v: unknown): v is { type: string; value: unknown } =>
  isRecord(v) && typeof v.type === 'string' && !('role' in v);

/**
 * Reads an input value the way AgentV's shorthand expansion does: a string is one user message, an
 * object without `role` is user content, a message or message list passes through. User messages
 * become turns, system messages the system prompt; `{type: file, value}` parts stage the file and
 * leave a line naming it in the turn, since the agent reads it from its workspace.
 */
export function readInput(value: unknown, path: DocPath, ctx: ReadContext): InputParts | undefined {
  const parts: InputParts = { turns: [], files: [], history: [] };
  if (typeof value === 'string') {
    parts.turns.push(value);
    return parts;
  }
  let messages: { role: string; content: unknown }[];
  // Where each message sits, and where its content sits (a bare parts list is its own content).
  let paths: { message: DocPath; content: DocPath }[];
  if (Array.isArray(value) && value.length > 0 && value.every(isMessage)) {
    messages = value;
    paths = value.map((_, i) => ({ message: [...path, i], content: [...path, i, 'content'] }));
  } else if (Array.isArray(value) && value.length > 0 && value.every(isPart)) {
    messages = [{ role: 'user', content: value }];
    paths = [{ message: path, content: path }];
  } else if (isMessage(value)) {
    messages = [value];
    paths = [{ message: path, content: [...path, 'content'] }];
  } else if (isRecord(value)) {
    parts.turns.push(JSON.stringify(value));
    return parts;
  } else {
    ctx.source.sink.error(
      'wrong-type',
      `The input is ${describe(value)}; write a string or a list of messages ({role: user, content: …}).`,
      at(path),
    );
    return undefined;
  }
  const system: string[] = [];
  // The conversation after the system messages, each with its role, for AgentV's role-marked prompt.
  const conversation: { role: string; text: string }[] = [];
  messages.forEach((message, i) => {
    const where = paths[i]!;
    if (!ROLES.has(message.role)) {
      ctx.source.sink.error(
        'wrong-type',
        `Message role "${message.role}" is not one of system, user, assistant, tool.`,
        at(where.message, 'role'),
      );
      return;
    }
    const text = readContent(message.content, where.content, parts.files, ctx);
    if (text === undefined) return;
    if (message.role === 'system' && conversation.length === 0) system.push(text);
    else conversation.push({ role: message.role, text });
    if (message.role === 'assistant' || message.role === 'tool')
      parts.history.push({ role: message.role, content: text });
  });
  if (system.length > 0) parts.system = system.join('\n\n');
  const visible = conversation.filter((m) => m.text.trim() !== '');
  if (parts.history.length > 0 || visible.length > 1) {
    // AgentV sends an agent one request: the messages with role markers (prompt-builder's `question`), so a
    // scripted assistant reply reaches the agent as written instead of the agent writing its own.
    parts.turns.push(
      visible.map((m) => `@[${m.role.charAt(0).toUpperCase()}${m.role.slice(1)}]:\n${m.text}`).join('\n\n'),
    );
    if (parts.history.length > 0) {
      ctx.source.sink.info(
        'scripted-conversation',
        'This input scripts assistant (or tool) messages; as AgentV does for an agent, the whole conversation is sent as one prompt with @[User]: / @[Assistant]: markers, not replayed turn by turn.',
        at(path),
      );
    }
  } else parts.turns.push(...visible.map((m) => m.text));
  return parts;
}

/** Message content: a string, a list of `{type: text|file|image, value}` parts, or an object (sent as JSON). */
export function readContent(
  content: unknown,
  path: DocPath,
  files: FixtureFile[],
  ctx: ReadContext,
): string | undefined {
  if (typeof content === 'string') return content;
  // Sent as AgentV renders it, indented by two (4.42.4 dist/chunk-FRDEARJA.js:17154-17156, :19829-19830; 5.x
  // vendor/agentv-5/load-tests.mjs:28244-28245).
  if (isRecord(content)) return JSON.stringify(content, null, 2);
  if (!Array.isArray(content)) {
    ctx.source.sink.error(
      'wrong-type',
      `Message content is ${describe(content)}; write a string or a list of {type: text|file, value} parts.`,
      at(path),
    );
    return undefined;
  }
  const out: string[] = [];
  content.forEach((part, i) => {
    if (!isPart(part) || typeof part.value !== 'string') {
      ctx.source.sink.error(
        'wrong-type',
        'A content part is not a {type, value} map with a string value; write {type: text, value: …} or {type: file, value: path}.',
        at(path, i),
      );
      return;
    }
    if (part.type === 'text') out.push(part.value);
    else if (part.type === 'file' || part.type === 'image') {
      const entry = stageFile(part.value, [...path, i, 'value'], files, ctx);
      if (entry) out.push(`Attached ${part.type}: ${entry}`);
    } else {
      ctx.source.sink.error(
        'wrong-type',
        `Content part type "${part.type}" is not one of text, file, image.`,
        at(path, i, 'type'),
      );
    }
  });
  return out.join('\n\n');
}

/**
 * Stages one referenced file: AgentV reads a leading `/` as the repository root and otherwise
 * searches from the eval file's folder upwards, so the entry is looked up in every base directory.
 * Returns the workspace-relative path the turn text names (also when the file is missing).
 */
export function stageFile(value: string, path: DocPath, files: FixtureFile[], ctx: ReadContext): string | undefined {
  const ref = value.replace(/^file:\/\//, '');
  if (ref.replace(/^[/\\]+/, '').trim() === '') {
    ctx.source.sink.error('wrong-type', 'The file path is blank; write a path relative to the eval file.', at(path));
    return undefined;
  }
  const found = findReference(ref, ctx);
  if (found.kind === 'missing') {
    ctx.source.sink.report(
      ctx.missingFiles,
      'missing-file',
      `File "${value}" does not exist; looked for ${found.lookedAt.join(', ')}. Add the file or fix the path.`,
      at(path),
    );
    return ref.replace(/^[/\\]+/, '');
  }
  checkInsideProject(value, found.file, path, ctx);
  const to = workspacePath(found, ctx);
  if (!files.some((f) => f.to === to)) files.push({ from: observedRealPath(found.file), to });
  return to;
}

/**
 * Where a referenced file is staged in the workspace: the path as written when it stays below its search root,
 * else (a `..` or absolute reference) its path in the project, else its name.
 */
function workspacePath(found: Extract<FoundReference, { kind: 'ok' }>, ctx: ReadContext): string {
  if (!isAbsolute(found.shown) && !found.shown.split(/[\\/]+/).includes('..')) return found.shown;
  const inProject = relative(ctx.projectRoot, found.file);
  return inProject && !inProject.startsWith('..') && !isAbsolute(inProject) ? inProject : basename(found.file);
}
