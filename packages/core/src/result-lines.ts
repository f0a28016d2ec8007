import { SkillEvalError } from './errors.js';
import { openRegularFile } from './regular-file.js';
import { type CaseResult, CaseResultSchema } from './result.js';

/** A non-blank line of results.jsonl: its text, and its result unless the line is not one. */
export interface ResultLine {
  text: string;
  /** 1-based line number in the file. */
  line: number;
  /** Whether a newline ends it: a last line without one was cut off mid-write, or is being written. */
  complete: boolean;
  /** Undefined when the line is not a result: cut off by an interrupt, edited, from another version. */
  result?: CaseResult;
}

/**
 * The non-blank lines of a results.jsonl in file order, read one at a time: a long run's file can be larger than
 * the longest string Node holds (512 MiB), so it is never read whole. When there is no file it rejects with the
 * file system's error (`ENOENT`, or `ENOTDIR` below a file: see {@link isMissingFile}); a file that cannot be read
 * (a directory, no permission) is a BAD_INPUT error naming it.
 */
export async function* resultLinesOf(file: string): AsyncGenerator<ResultLine> {
  try {
    let line = 0;
    for await (const { text, complete } of linesOf(file)) {
      line++;
      if (text.trim()) yield { text, line, complete, result: parseResultLine(text) };
    }
  } catch (error) {
    if (isMissingFile(error)) throw error;
    throw new SkillEvalError('BAD_INPUT', `${file} cannot be read: ${(error as Error).message}`, {
      cause: error,
      hint: "A run's results.jsonl is a file skill-eval wrote; check that it is one and that you may read it.",
    });
  }
}

/** Whether `error` says there is no such file (or that a folder on its path is a file). */
export const isMissingFile = (error: unknown): boolean =>
  ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException | undefined)?.code ?? '');

/**
 * The lines of a file, split at each newline byte (UTF-8 never uses it inside a character) and decoded one by one;
 * a last line without a newline is given too. node:readline takes about three times as long on long lines.
 */
async function* linesOf(file: string): AsyncGenerator<{ text: string; complete: boolean }> {
  let pending: Buffer[] = [];
  const handle = await openRegularFile(file);
  for await (const chunk of handle.createReadStream({ highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      pending.push(chunk.subarray(start, end));
      yield { text: Buffer.concat(pending).toString('utf8'), complete: true };
      pending = [];
      start = end + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length) yield { text: Buffer.concat(pending).toString('utf8'), complete: false };
}

const NEWLINE = 0x0a;

function parseResultLine(text: string): CaseResult | undefined {
  try {
    return CaseResultSchema.parse(JSON.parse(text));
  } catch {
    return undefined;
  }
}
