import { join } from 'node:path';
import { type CaseResult, isExecutionFolderName, type Session, SessionSchema } from '@skill-eval/core';
import { entryKind, isRefusal, listAgentFiles, openInside, readAgentText } from '@skill-eval/engine-kit/agent-files';
import type { LeftOut } from './report-data.js';

/**
 * The largest transcript the report reads (its texts are cut to REPORT_TEXT_LIMIT once read): a run directory may be
 * someone else's, and one file of gigabytes would otherwise be read whole, into memory, for a page of kilobytes.
 */
export const TRANSCRIPT_READ_LIMIT = 64 * 1024 * 1024;

/** How {@link runDirFiles} reads. */
export interface RunDirFilesOptions {
  /** Bytes of one transcript read at most (default TRANSCRIPT_READ_LIMIT). */
  maxTranscriptBytes?: number;
}

/** The files of a run directory the report reads beside results.jsonl and summary.json, and what it left out. */
export interface RunDirFiles {
  /** An execution's transcript (`result.transcriptFile`); undefined when it has none or it does not parse. */
  transcript(executionId: string): Promise<Session | LeftOut | undefined>;
  /** The files under `artifacts/<executionId>/`, as `/`-separated paths relative to the run directory. */
  artifacts(executionId: string): Promise<string[]>;
  /** Each file left out of the report so far (a link, a FIFO or device, a file over the cap), and why. */
  readonly leftOut: string[];
}

/**
 * Reads a run directory's transcripts and lists its artifacts through the file layer (see docs/security.md, "The file
 * layer"): the directory may be someone else's (committed, downloaded), so no link is followed, on the way or at the
 * file; only regular files are read (a FIFO is never waited on, a device never read); a transcript is read up to a
 * cap; and a path results.jsonl names is read only when it stays inside the run directory. What is left out is said.
 */
export function runDirFiles(
  runDir: string,
  results: readonly CaseResult[],
  options: RunDirFilesOptions = {},
): RunDirFiles {
  const files = new Map(results.map((r) => [r.executionId, r.transcriptFile]));
  const maxBytes = options.maxTranscriptBytes ?? TRANSCRIPT_READ_LIMIT;
  const leftOut: string[] = [];
  const note = (rel: string, message: string) => {
    const why = `${rel} was left out: ${message.replace(`${rel} `, 'it ').replace(/\bthe folder\b/, 'the run directory')}`;
    leftOut.push(why);
    return why;
  };
  return {
    leftOut,
    async transcript(executionId) {
      const rel = files.get(executionId);
      if (!rel) return undefined;
      const text = await readAgentText(runDir, rel, { maxBytes });
      if (typeof text !== 'string') {
        if (text.refused === 'missing') return undefined;
        const message = text.refused === 'too-large' ? tooLarge(text.message, maxBytes) : text.message;
        return { leftOut: note(rel, message) };
      }
      try {
        const parsed = SessionSchema.safeParse(JSON.parse(text));
        return parsed.success ? parsed.data : undefined;
      } catch {
        return undefined;
      }
    },
    async artifacts(executionId) {
      if (!isExecutionFolderName(executionId)) return [];
      const rel = `artifacts/${executionId}`;
      // The folder itself is checked to lie inside the run directory (no link on the way); the walk below it follows none.
      const opened = await openInside(runDir, rel, 'directory');
      if (isRefusal(opened)) {
        if (opened.refused !== 'missing') note(rel, await notAFolder(runDir, rel, opened.message));
        return [];
      }
      await opened.handle.close();
      const found = await listAgentFiles(join(runDir, rel), {
        onSkip: (file, what) => note(`${rel}/${file}`, `it is ${what}`),
      }).catch(() => []);
      return found.map((file) => `${rel}/${file}`);
    },
  };
}

/** Why `rel` is no folder to list, said as what it is (a link, a file) where the refusal did not say. */
async function notAFolder(runDir: string, rel: string, message: string): Promise<string> {
  const found = await entryKind(runDir, rel);
  if (found?.kind === 'link') return 'it is a symbolic link, which is never followed';
  if (found?.kind === 'file' || found?.kind === 'other') return 'it is not a folder';
  return message;
}

/** The file layer's `too-large` message in MiB, naming the report's cap. */
const tooLarge = (message: string, max: number): string =>
  message.replace(
    / is (\d+) bytes, more than the \d+ read at most$/,
    (_, size: string) => ` is ${mib(Number(size))}, more than the ${mib(max)} the report reads of a transcript`,
  );

const mib = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
