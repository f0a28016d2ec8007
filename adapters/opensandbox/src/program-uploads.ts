import { lstatSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { installedProgram } from '@skill-eval/engine-kit';

/** What a remote sandbox needs of the host programs an execution runs, however they were installed. */
export interface ProgramUploads {
  /** Host files written inside at `inside`: each program's own path (its target's content), and what it runs. */
  files: { host: string; inside: string }[];
  /** Links of the trees uploaded (pnpm's `.pnpm` store, `node_modules/.bin`), made again inside as written. */
  links: { path: string; target: string }[];
  /** For each program as the engine names it, the command that runs what it really executes, inside. */
  commands: Map<string, string[]>;
}

/**
 * A sandbox has no mount of the host: the file a program really executes (a package manager's shim read, links
 * followed) is uploaded at its own path with the files that one needs (a Node script's `node_modules`), and is run
 * directly — a Node script by the image's `node`. Uploading only the shim (pnpm's `node_modules/.bin/claude`) left it
 * naming a file the sandbox has not got. The program's own path is uploaded too, for a shell line that names it.
 */
export function programUploads(programs: readonly string[]): ProgramUploads {
  const files = new Map<string, string>();
  const links = new Map<string, string>();
  const commands = new Map<string, string[]>();
  for (const program of programs) {
    const installed = installedProgram(program);
    files.set(program, realpathSync(program));
    for (const path of installed.paths) collect(path, files, links);
    commands.set(program, installed.node ? ['node', installed.program] : [installed.program]);
  }
  return {
    files: [...files].map(([inside, host]) => ({ host, inside })),
    links: [...links].map(([path, target]) => ({ path, target })),
    commands,
  };
}

/** The regular files under `path` (or it, a file), each at its own path, and the links among them as written. */
function collect(path: string, files: Map<string, string>, links: Map<string, string>): void {
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (stat?.isSymbolicLink()) links.set(path, readlinkSync(path));
  else if (stat?.isFile()) files.set(path, path);
  else if (stat?.isDirectory()) {
    for (const name of readdirSync(path)) collect(join(path, name), files, links);
  }
}
