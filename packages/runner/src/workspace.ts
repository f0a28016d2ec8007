import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { SkillEvalError, type WorkspaceSpec } from '@skill-eval/core';

/** The directories of one execution. */
export interface Workspace {
  /** Temp directory holding everything below; removed by `dispose`. */
  root: string;
  /** The agent's working directory. */
  ws: string;
  /** Fresh HOME for the engine. */
  home: string;
  /** Removes `root`. */
  dispose(): Promise<void>;
}

/** `to` resolved inside `ws`; a path that would land outside it is refused. */
export function insideWorkspace(ws: string, to: string): string {
  const target = resolve(ws, to);
  const rel = relative(ws, target);
  if (rel.startsWith('..') || isAbsolute(rel)) {
    throw new SkillEvalError('WORKSPACE_FAILED', `Fixture target '${to}' points outside the workspace.`, {
      hint: 'Fixture and inline file targets must be paths inside the workspace.',
    });
  }
  return target;
}

/** Creates `<tmp>/skill-eval-XXXX/{ws,home}` and fills `ws` from the spec: files, then inline files, then overlays. */
export async function prepareWorkspace(spec: WorkspaceSpec, parent: string = tmpdir()): Promise<Workspace> {
  await mkdir(parent, { recursive: true });
  const root = await mkdtemp(join(parent, 'skill-eval-'));
  const ws = join(root, 'ws');
  const home = join(root, 'home');
  const dispose = () => rm(root, { recursive: true, force: true, maxRetries: 3 });
  try {
    await mkdir(ws);
    await mkdir(home);
    for (const file of spec.files) {
      const target = insideWorkspace(ws, file.to);
      await mkdir(dirname(target), { recursive: true });
      await cp(file.from, target, { recursive: true }).catch((cause) => {
        throw new SkillEvalError('WORKSPACE_FAILED', `Cannot copy fixture ${file.from}: ${cause.message}`, { cause });
      });
    }
    for (const [to, content] of Object.entries(spec.inline)) {
      const target = insideWorkspace(ws, to);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, content);
    }
    for (const overlay of spec.overlays) {
      await cp(overlay, ws, { recursive: true, force: true }).catch((cause) => {
        throw new SkillEvalError('WORKSPACE_FAILED', `Cannot apply overlay ${overlay}: ${cause.message}`, { cause });
      });
    }
  } catch (error) {
    await dispose();
    throw error;
  }
  return { root, ws, home, dispose };
}
