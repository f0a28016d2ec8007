import { createWriteStream } from 'node:fs';

/** An append-only transcript file in the artifacts dir. */
export interface TranscriptFile {
  /** Appends one line (a newline is added). */
  writeLine(line: string): void;
  /** Flushes and closes the file; resolves after a write error too. */
  close(): Promise<void>;
}

/** Opens `path` for writing; write errors become a warning in `warnings` instead of failing the run. */
export function openTranscript(path: string, warnings: string[]): TranscriptFile {
  const stream = createWriteStream(path);
  stream.on('error', (error) => warnings.push(`could not write ${path}: ${error.message}`));
  return {
    writeLine: (line) => {
      stream.write(`${line}\n`);
    },
    // 'close' comes after 'finish' and after an error alike.
    close: () =>
      new Promise<void>((resolve) => {
        stream.once('close', resolve);
        stream.end();
      }),
  };
}
