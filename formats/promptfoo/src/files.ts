import { isAbsolute, resolve } from 'node:path';
import { observedText } from '@skill-eval/core';
import { insideBoundary, observedGlob, outsideProjectMessage } from '@skill-eval/format-kit';
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
 * index.js 30014), each read; one out of the project is an error that --trust lifts, none found an error at `at`.
 */
export function readReferenced(ref: string, ctx: FileContext, source: Source, where: At, what: string): ReadFile[] {
  const written = withoutScheme(ref);
  const absolute = isAbsolute(written) ? written : resolve(ctx.basePath, written);
  const paths = isDynamicPattern(written)
    ? observedGlob(written, { cwd: ctx.basePath, absolute: true, onlyFiles: true, expandDirectories: false }).sort()
    : [absolute];
  const inside = insideBoundary(ctx.boundary);
  const out: ReadFile[] = [];
  for (const path of paths) {
    if (!inside(path)) {
      source.sink.errorNeedingTrust('outside-project', outsideProjectMessage(ref, path, ctx.boundary), where);
      continue;
    }
    let text: string;
    try {
      text = observedText(path);
    } catch {
      source.sink.error('missing-file', `${what} "${ref}" does not exist (looked at ${path}); fix the path.`, where);
      continue;
    }
    ctx.parts.add(path);
    out.push({ path, text });
  }
  if (paths.length === 0)
    source.sink.error('missing-file', `${what} "${ref}" matches no file (from ${ctx.basePath}); fix the glob.`, where);
  return out;
}
