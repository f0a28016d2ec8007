import { resolve } from 'node:path';
import { globSideFiles, readSideFile } from '@skill-eval/format-kit';
import { isDynamicPattern } from 'tinyglobby';
import type { At, Source } from './source.js';

/** What every reader needs: the folder references resolve from and the folder they may reach into. */
export interface FileContext {
  /** The folder of the config: promptfoo resolves every relative path from it (`cliState.basePath`). */
  basePath: string;
  /** The project boundary (format-kit `projectBoundary`): a reference out of it needs --trust. */
  boundary: string;
  /** Every file read for the suite besides the config. */
  parts: Set<string>;
}

/** A referenced file, read. */
export interface ReadFile {
  path: string;
  text: string;
}

/** `file://x` → `x`; promptfoo strips the scheme before resolving (`loadTestsFromGlob`, index.js 30011). */
export const withoutScheme = (ref: string) => (ref.startsWith('file://') ? ref.slice(7) : ref);

/**
 * The files a reference names, a glob expanded in sorted order (promptfoo's `globSync` from the config's folder,
 * index.js 30014), each read through format-kit's `readSideFile`: one out of the project (by path, `..` or a link) is
 * an error that --trust lifts and is not read without it, a glob that leaves the config's folder is not expanded
 * without it, a FIFO or device is refused at once, none found is an error at `at`.
 */
export function readReferenced(ref: string, ctx: FileContext, source: Source, where: At, what: string): ReadFile[] {
  const written = withoutScheme(ref);
  let paths: string[];
  if (isDynamicPattern(written)) {
    const globbed = globSideFiles(written, ctx.basePath, ctx.boundary, ref);
    if (!globbed.ok) {
      source.sink.errorNeedingTrust('outside-project', globbed.message, where);
      return [];
    }
    paths = globbed.paths;
  } else paths = [resolve(ctx.basePath, written)];
  const out: ReadFile[] = [];
  for (const path of paths) {
    const read = readSideFile(path, ctx.boundary, { ref });
    if (!read.ok) {
      if (read.needsTrust) source.sink.errorNeedingTrust('outside-project', read.message, where);
      else if (read.refused === 'missing')
        source.sink.error('missing-file', `${what} "${ref}" does not exist (looked at ${path}); fix the path.`, where);
      else source.sink.error('unreadable-file', `${what}: ${read.message}`, where);
      continue;
    }
    if (read.outside) source.sink.errorNeedingTrust('outside-project', read.outside, where);
    ctx.parts.add(path);
    out.push({ path, text: read.text });
  }
  if (paths.length === 0)
    source.sink.error('missing-file', `${what} "${ref}" matches no file (from ${ctx.basePath}); fix the glob.`, where);
  return out;
}
