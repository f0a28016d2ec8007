import type { FixtureFile } from '@skill-eval/core';
import { resolveFixture } from '@skill-eval/format-kit';
import { at, describe, isRecord, type ReadContext } from './context.js';
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
    if (message.role === 'user') parts.turns.push(text);
    else if (message.role === 'system') system.push(text);
    else parts.history.push({ role: message.role, content: text });
  });
  if (system.length > 0) parts.system = system.join('\n\n');
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
  if (isRecord(content)) return JSON.stringify(content);
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
  const entry = value.replace(/^file:\/\//, '').replace(/^[/\\]+/, '');
  if (entry.trim() === '') {
    ctx.source.sink.error('wrong-type', 'The file path is blank; write a path relative to the eval file.', at(path));
    return undefined;
  }
  const result = resolveFixture(entry, ctx.fileBases);
  if (result.kind === 'ok') {
    if (!files.some((f) => f.to === result.fixture.to)) files.push(result.fixture);
  } else if (result.kind === 'escape') {
    ctx.source.sink.error('file-escapes-root', `File "${value}" is refused: ${result.reason}.`, at(path));
    return undefined;
  } else {
    ctx.source.sink.report(
      ctx.missingFiles,
      'missing-file',
      `File "${value}" does not exist; looked for ${result.lookedAt.join(', ')}. Add the file or fix the path.`,
      at(path),
    );
  }
  return entry;
}
