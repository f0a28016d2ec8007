import { parsePluginSettings } from '@skill-eval/core';
import pc from 'picocolors';
import * as z from 'zod';

/** Picocolors' palette; every function is the identity when colour is off. */
export type Palette = ReturnType<typeof pc.createColors>;

// `--rk color=false` arrives as a string, config files as a boolean.
const flag = z.union([z.boolean(), z.stringbool()]).optional();

export const ConsoleReporterOptionsSchema = z.object({
  /** Where to write (default process.stdout). */
  stream: z
    .custom<NodeJS.WritableStream>((value) => typeof (value as { write?: unknown } | null)?.write === 'function', {
      message: 'expected a writable stream',
    })
    .optional(),
  /** Redraw progress in place (default: the stream is a TTY). */
  isTTY: flag,
  /** Running in CI: plain lines even on a TTY (default: the CI variable is set). */
  ci: flag,
  /** Colour output (default: NO_COLOR unset, and a TTY or FORCE_COLOR set). */
  color: flag,
  /** Directory that printed paths are relative to (default process.cwd()). */
  cwd: z.string().optional(),
  /** Print each engine event (messages, tool calls and results, skills) as it happens, and list every execution at the end. */
  verbose: flag,
  /** Without a live frame: a progress line after this many ms with nothing printed (default 10000). */
  progressIntervalMs: z.coerce.number().int().positive().optional(),
  /** Flags the resume hint of an interrupted run adds (`--trust` when the run was started with it). */
  resumeFlags: z.array(z.string()).optional(),
});
export type ConsoleReporterOptions = z.infer<typeof ConsoleReporterOptionsSchema>;

/** Options with every default applied. */
export interface ResolvedConsoleOptions {
  stream: NodeJS.WritableStream;
  /** Redraw a live progress frame; otherwise one plain line per result. */
  live: boolean;
  colors: Palette;
  cwd: string;
}

export function parseConsoleOptions(raw: unknown): ConsoleReporterOptions {
  return parsePluginSettings('console', ConsoleReporterOptionsSchema, raw);
}

export function resolveConsoleOptions(options: ConsoleReporterOptions = {}): ResolvedConsoleOptions {
  const stream = options.stream ?? process.stdout;
  const isTTY = options.isTTY ?? (stream as { isTTY?: boolean }).isTTY === true;
  const ci = options.ci ?? isSet(process.env.CI);
  const noColor = (process.env.NO_COLOR ?? '') !== '';
  // FORCE_COLOR (as picocolors and most tools read it): colour in a pipe too, e.g. into `less -R`.
  const forceColor = isSet(process.env.FORCE_COLOR);
  const color = options.color ?? ((isTTY || forceColor) && !noColor);
  // A zero-sized terminal (some CI pseudo-terminals) would clip every redrawn frame to nothing.
  const { columns, rows } = stream as { columns?: number; rows?: number };
  const live = isTTY && !ci && columns !== 0 && rows !== 0;
  return { stream, live, colors: pc.createColors(color), cwd: options.cwd ?? process.cwd() };
}

/** A flag variable that is set: not empty, `0` or `false`. */
const isSet = (value: string | undefined): boolean =>
  value !== undefined && value !== '' && value !== 'false' && value !== '0';
