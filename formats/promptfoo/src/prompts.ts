import { extname, relative } from 'node:path';
import { type FileContext, readReferenced } from './files.js';
import { at, type DocPath, describe, isRecord, type Source } from './source.js';

/** One prompt of the suite, as promptfoo's `processPrompt` gives it. */
export interface Prompt {
  /** The template, rendered with each test's vars. */
  raw: string;
  /** promptfoo's label: written, or the text (`processString`), or `<file>: <text>` for a file's prompts. */
  label: string;
  /** The `id` written, which tests' `prompts` filters may name. */
  id?: string;
  /** Where the prompt is written in the config. */
  path: DocPath;
  /** The file a `file://` prompt was read from (absolute), and the line of that file its text starts on. */
  file?: { path: string; line: number };
}

/** promptfoo 0.123.1 `src/prompts/constants.ts` (`dist/src/evalResult-yO_CeNru.js` 49-64). */
const PROMPT_DELIMITER = '---';
const VALID_FILE_EXTENSIONS = [
  '.cjs',
  '.cts',
  '.j2',
  '.js',
  '.json',
  '.jsonl',
  '.md',
  '.mjs',
  '.mts',
  '.py',
  '.ts',
  '.txt',
  '.yml',
  '.yaml',
];
/** Prompt files whose prompts come from running code, which skill-eval does not do. */
const CODE_EXTENSIONS = new Set([
  '.cjs',
  '.cts',
  '.js',
  '.mjs',
  '.mts',
  '.ts',
  '.py',
  '.sh',
  '.bash',
  '.exe',
  '.bat',
  '.cmd',
  '.ps1',
  '.rb',
  '.pl',
]);

/** `maybeFilePath` (evalResult-yO_CeNru.js 73-83): whether promptfoo reads a prompt string as a file path. */
export function maybeFilePath(str: string): boolean {
  if (['\n', 'portkey://', 'langfuse://', 'helicone://'].some((s) => str.includes(s))) return false;
  return (
    str.startsWith('file://') ||
    VALID_FILE_EXTENSIONS.some((ext) => {
      const tokens = str.split(':');
      return tokens.at(-1)?.endsWith(ext) || tokens.at(-2)?.endsWith(ext);
    }) ||
    str.charAt(str.length - 3) === '.' ||
    str.charAt(str.length - 4) === '.' ||
    str.includes('*') ||
    str.includes('/') ||
    str.includes('\\')
  );
}

interface Partial {
  raw: unknown;
  label?: unknown;
  id?: unknown;
  path: DocPath;
}

/** `normalizeInput` (evalResult-yO_CeNru.js 94-109): a string, a list, or a map of `raw: label`. */
function normalizeInput(value: unknown, path: DocPath, source: Source): Partial[] {
  if (typeof value === 'string') return value === '' ? [] : [{ raw: value, path }];
  if (Array.isArray(value))
    return value.map((item, i) =>
      isRecord(item)
        ? { raw: item.raw ?? item.id, label: item.label, id: item.id, path: [...path, i] }
        : { raw: item, path: [...path, i] },
    );
  if (isRecord(value)) return Object.entries(value).map(([raw, label]) => ({ raw, label, path: [...path, raw] }));
  source.sink.error(
    'wrong-type',
    `"prompts" is ${describe(value)}; write a prompt, a file:// path, or a list of them.`,
    at(path),
  );
  return [];
}

/**
 * The suite's prompts, as promptfoo's `readPrompts`/`processPrompt` read them (`dist/src/index.js` 2086-2150): plain
 * text as it is; `file://x.txt` split on `---` lines, `.md`/`.j2` whole; a glob expanded. Prompts produced by code
 * (`exec:`, `.js`, `.py`, executables) and structured prompt files (`.json`, `.jsonl`, `.yaml`, `.csv`) are named by an
 * error at their line: skill-eval does not run them.
 */
export function readPrompts(value: unknown, path: DocPath, source: Source, ctx: FileContext): Prompt[] {
  if (value === undefined || value === null) {
    source.sink.error('missing-prompts', 'This config has no "prompts"; add the prompt each test is run with.', at([]));
    return [];
  }
  const prompts: Prompt[] = [];
  for (const partial of normalizeInput(value, path, source)) {
    const { raw, path: where } = partial;
    const label = typeof partial.label === 'string' ? partial.label : undefined;
    const id = typeof partial.id === 'string' ? partial.id : undefined;
    if (typeof raw !== 'string') {
      source.sink.error('wrong-type', `A prompt is ${describe(raw)}; write its text or a file:// path.`, at(where));
      continue;
    }
    if (raw.startsWith('exec:') || !maybeFilePath(raw)) {
      if (raw.startsWith('exec:')) {
        source.sink.error(
          'unsupported-prompt',
          `"${raw}" makes its prompt by running a program, which skill-eval does not do; write the prompt's text or a file:// text file.`,
          at(where),
        );
        continue;
      }
      prompts.push({ raw, label: label ?? raw, ...(id ? { id } : {}), path: where });
      continue;
    }
    const ref = raw.startsWith('file://') ? raw.slice(7) : raw;
    const ext = promptExtension(ref);
    if (unreadable(ext)) {
      source.sink.error(
        'unsupported-prompt',
        CODE_EXTENSIONS.has(ext)
          ? `"${raw}" makes its prompt by running code, which skill-eval does not do; write the prompt's text or a file:// text file.`
          : `"${raw}" is a ${ext} prompt file (chat messages or rows), which skill-eval does not read yet; write the prompt in a .txt or .md file.`,
        at(where),
      );
      continue;
    }
    for (const file of readReferenced(raw, ctx, source, at(where), 'The prompt file')) {
      const shown = relative(ctx.basePath, file.path);
      const fileExt = extname(file.path).toLowerCase();
      if (unreadable(fileExt)) {
        source.sink.error(
          'unsupported-prompt',
          `"${raw}" matches ${shown}, a ${fileExt} prompt file, which skill-eval does not read; keep text prompts in .txt or .md files.`,
          at(where),
        );
        continue;
      }
      if (fileExt === '.txt') {
        let from = 0;
        for (const text of splitPrompts(file.text)) {
          const offset = Math.max(0, file.text.indexOf(text, from));
          from = offset + text.length;
          prompts.push({
            raw: text,
            label: label ? `${label}: ${shown}: ${text}` : `${shown}: ${text}`,
            ...(id ? { id } : {}),
            path: where,
            file: { path: file.path, line: lineAt(file.text, offset) },
          });
        }
      } else if (fileExt === '.md' || fileExt === '.j2')
        prompts.push({
          raw: file.text,
          label: label ?? `${shown}: ${file.text.slice(0, 50)}...`,
          ...(id ? { id } : {}),
          path: where,
          file: { path: file.path, line: 1 },
        });
      else
        source.sink.error(
          'unsupported-prompt',
          `promptfoo reads no prompt from ${shown} (a "${fileExt}" file; index.js 2130 gives none) and stops; keep prompts in .txt, .md or .j2 files.`,
          at(where),
        );
    }
  }
  return prompts;
}

/** The extension of a prompt path, a `:function` suffix of a code file left out (`parsePathOrGlob`, util-BE6VXITn.js 400-412). */
function promptExtension(ref: string): string {
  const colon = ref.lastIndexOf(':');
  const path = colon > 1 && CODE_EXTENSIONS.has(extname(ref.slice(0, colon)).toLowerCase()) ? ref.slice(0, colon) : ref;
  return extname(path).toLowerCase();
}

const unreadable = (ext: string) =>
  CODE_EXTENSIONS.has(ext) || ['.json', '.jsonl', '.yaml', '.yml', '.csv'].includes(ext);

/** `processTxtFile` (index.js 1752-1768): prompts separated by lines holding only `---`, each trimmed, blanks dropped. */
export function splitPrompts(text: string): string[] {
  const out: string[] = [];
  let buffer: string[] = [];
  const flush = () => {
    const raw = buffer.join('\n').trim();
    if (raw.length > 0) out.push(raw);
    buffer = [];
  };
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === PROMPT_DELIMITER) flush();
    else buffer.push(line);
  }
  flush();
  return out;
}

/** The 1-based line of `text` that `offset` is on. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
