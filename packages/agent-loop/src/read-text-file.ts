import { open } from 'node:fs/promises';
import { ToolError } from './agent-tool.js';
import { cutIndex } from './tool-output-limit.js';

/** Bytes looked at to tell a binary file from text, as git does: a NUL byte among them means binary. */
const SNIFF_BYTES = 8000;
/** UTF-8 takes at most 3 bytes per UTF-16 code unit, so this many bytes per character always fill the limit. */
const BYTES_PER_CHAR = 3;

/**
 * The text of a file, at most `maxChars` characters of it: only the bytes those can take are read, so a huge file
 * costs no more than a long one. A binary file is refused, by name and size, rather than handed over as garbage.
 */
export async function readTextFile(path: string, shownAs: string, maxChars: number): Promise<string> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const buffer = Buffer.alloc(Math.min(size, maxChars * BYTES_PER_CHAR));
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    const bytes = buffer.subarray(0, bytesRead);
    if (bytes.subarray(0, SNIFF_BYTES).includes(0)) {
      throw new ToolError(
        `${shownAs} is a binary file (${size.toLocaleString('en-US')} bytes); Read shows text files only.`,
      );
    }
    // Streaming, a character whose bytes run past those read is left out rather than decoded as U+FFFD.
    const text = new TextDecoder().decode(bytes, { stream: bytesRead < size });
    if (bytesRead === size && text.length <= maxChars) return text;
    const cut = cutIndex(text, maxChars);
    return `${text.slice(0, cut)}\n[truncated: ${shownAs} has ${size.toLocaleString('en-US')} bytes; Read shows its first ${cut.toLocaleString('en-US')} characters]`;
  } finally {
    await file.close();
  }
}
