import { realpathSync } from 'node:fs';
import { installedProgram } from '@skill-eval/engine-kit';

/** How a container runs the host programs of an execution. */
export interface ProgramsInside {
  /** Host paths to mount read-only, each at its own path inside. */
  mounts: { host: string; inside: string }[];
  /** For each program as the engine names it, the command that runs what it really executes, inside. */
  commands: Map<string, string[]>;
}

/**
 * What the container needs for each program an engine runs, however it was installed: the file it really executes
 * (a package manager's shim read, links followed) with the files that one needs (a Node script's `node_modules`),
 * run directly — a Node script by the host's node the container already has (`node`, the runtime's command). The
 * program's own path is mounted too (its target's content), for a shell line that names it.
 */
export function programsInside(programs: readonly string[], node: readonly string[]): ProgramsInside {
  const mounts = new Map<string, string>();
  const commands = new Map<string, string[]>();
  for (const program of programs) {
    const installed = installedProgram(program);
    mounts.set(program, realpathSync(program));
    for (const path of installed.paths) mounts.set(path, path);
    commands.set(program, installed.node ? [...node, installed.program] : [installed.program]);
  }
  return { mounts: [...mounts].map(([inside, host]) => ({ host, inside })), commands };
}
