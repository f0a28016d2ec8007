import * as z from 'zod';
import { lazySchema } from './lazy-schema.js';

// Settings given on a command line (`--ek key=value`) or in a config arrive as strings, so list settings of engines and
// formats also accept their string spelling.

/** A list of non-empty strings; a string is split on commas (`Bash(git *), Read`). */
export const commaList = lazySchema(() =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean)
        : value,
    z.array(z.string().min(1)),
  ),
);

/** A list of words, e.g. extra CLI arguments; a string is split on whitespace. */
export const wordList = lazySchema(() =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : value),
    z.array(z.string()),
  ),
);
