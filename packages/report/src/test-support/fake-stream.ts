import { Writable } from 'node:stream';

/** A writable that records everything written; `isTTY` and `columns` mimic a terminal when asked. */
export class FakeStream extends Writable {
  chunks: string[] = [];
  readonly isTTY: boolean;
  readonly columns: number;
  readonly rows: number;

  constructor(isTTY: boolean, size: { columns: number; rows: number } = { columns: 160, rows: 40 }) {
    super();
    this.isTTY = isTTY;
    this.columns = size.columns;
    this.rows = size.rows;
  }

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void): void {
    this.chunks.push(String(chunk));
    callback();
  }

  /** Everything written so far. */
  get text(): string {
    return this.chunks.join('');
  }
}

/** Any ANSI escape: colour (SGR) or cursor movement. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching escape codes is the point
export const ANSI = /\u001b\[/;
/** Colour escapes only (SGR: `ESC[…m`). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching escape codes is the point
export const SGR = /\u001b\[[0-9;]*m/;
