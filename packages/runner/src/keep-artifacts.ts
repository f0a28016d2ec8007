import { relative } from 'node:path';
import { CopyBudget, copyAgentFile, listAgentFiles, secretPatterns } from '@skill-eval/engine-kit/agent-files';

/** How {@link keepArtifacts} copies. */
export interface KeepOptions {
  /** The secrets to replace in the files' contents. */
  secrets: readonly string[];
  /** The run directory: the only folder written, and only with new files. */
  base: string;
  /** Where the file `rel` (relative to what is copied from, `/`-separated) goes: an absolute path below `base`. */
  place(rel: string): string;
  /** Told of each file copied, with its sha256. */
  record(path: string, sha256: string): void;
  /** The files to copy, relative to `from`; default every regular file below it. */
  files?: readonly string[];
  /** Files (relative to `from`, `/`-separated) left where they are: the execution's record holds its own of them. */
  except?: ReadonlySet<string>;
  /** A folder the copies go into, in front of their relative path (`collected`). */
  under?: string;
  /** The execution's caps, shared by its copies, and the warnings naming what was not copied. */
  budget?: CopyBudget;
}

/**
 * Copies regular files out of `from`, a folder an agent could write (the workspace, or where the execution's engine,
 * setup and teardown wrote), into the run directory through the file layer: secrets replaced on the way (the agent's
 * folder is only read), links, FIFOs and devices not copied, sizes capped, nothing written over what is there. Returns
 * where each went: `/`-separated path (with `under` in front) → the absolute path it was copied to.
 */
export async function keepArtifacts(from: string, options: KeepOptions): Promise<Map<string, string>> {
  const kept = new Map<string, string>();
  const budget = options.budget ?? new CopyBudget();
  // A name the record holds is not the agent's to keep, whatever it left there.
  const onSkip = (rel: string, what: string) => {
    if (!options.except?.has(rel)) budget.skip(rel, `it is ${what}`);
  };
  const files = options.files ?? (await listAgentFiles(from, { onSkip }).catch(() => []));
  const patterns = secretPatterns(options.secrets);
  const made = new Set<string>();
  for (const file of files) {
    if (options.except?.has(file)) continue;
    const rel = options.under ? `${options.under}/${file}` : file;
    const to = options.place(rel);
    if (relative(options.base, to).startsWith('..')) continue;
    const hash = await copyAgentFile({ root: from, rel: file, base: options.base, to, budget, patterns, made });
    if (hash === undefined) continue;
    options.record(to, hash);
    kept.set(rel, to);
  }
  return kept;
}
