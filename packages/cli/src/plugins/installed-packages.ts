import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** A place where users install packages skill-eval loads: module resolution starts in `from`, walking up. */
interface PackagePlace {
  /** For messages: `the project (/home/me/skills)`. */
  where: string;
  from: string;
  /** The node_modules folders that resolution from `from` reads, nearest first. */
  folders: string[];
}

/** npm's global folder (`npm root -g`, honouring a `prefix` set in .npmrc), read only when a lookup gets that far. */
async function globalPackages(): Promise<string> {
  const { default: globalDirectory } = await import('global-directory');
  return globalDirectory.npm.packages;
}

/**
 * Where skill-eval itself is installed, nearest first: beside it (its own dependencies, and its neighbours in a global
 * or npx install), then npm's global folder.
 */
async function skillEvalPlaces(): Promise<PackagePlace[]> {
  const global = await globalPackages();
  const cli = dirname(fileURLToPath(import.meta.url));
  return [
    { where: 'beside skill-eval', from: cli, folders: nodeModulesFrom(cli) },
    // Resolving from the folder that holds the global node_modules looks inside it first.
    { where: `the global packages (${global})`, from: dirname(global), folders: [global] },
  ];
}

/**
 * Where plugin packages are looked for, nearest first: the project (the working directory and up, as Node resolves
 * from there), then where skill-eval is installed.
 */
async function packagePlaces(cwd: string): Promise<PackagePlace[]> {
  return [{ where: `the project (${cwd})`, from: cwd, folders: nodeModulesFrom(cwd) }, ...(await skillEvalPlaces())];
}

/** Node's "not installed here" (as against a package that is there but cannot be imported). */
const notInstalled = (error: unknown): boolean =>
  (error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' &&
  /^Cannot find package /.test((error as Error).message);

/**
 * The URL `import(spec)` loads, for a package name (or a subpath of one), looked up in each place in turn with the
 * conditions of `import` — so ESM-only packages whose exports offer only an `import` entry are found. Undefined
 * when no place has it. A package that is installed but cannot be imported (its exports offer no entry for
 * `import`, a main that is missing) throws an error saying where it is, never passes for "not installed".
 */
export async function resolveInstalled(spec: string, cwd: string): Promise<string | undefined> {
  return resolveIn(await packagePlaces(cwd), spec);
}

/**
 * As {@link resolveInstalled}, but only where skill-eval is installed, never in the project: for the optional peers
 * skill-eval imports itself (node-sql-parser), which no project may choose for it, since importing runs their code.
 */
export async function resolveWhereSkillEvalIs(spec: string): Promise<string | undefined> {
  return resolveIn(await skillEvalPlaces(), spec);
}

async function resolveIn(places: readonly PackagePlace[], spec: string): Promise<string | undefined> {
  // Loaded here, not with the module: a command that uses only bundled plugins never resolves a package.
  const { resolve } = await import('import-meta-resolve');
  for (const place of places) {
    try {
      return resolve(spec, pathToFileURL(join(place.from, '/')).href);
    } catch (error) {
      if (notInstalled(error)) continue;
      throw new Error(`it is installed in ${place.where} but cannot be imported: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
  return undefined;
}

/** The node_modules folders resolution from `from` reads, nearest first. */
function nodeModulesFrom(from: string): string[] {
  const folders: string[] = [];
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules'))) folders.push(join(dir, 'node_modules'));
    if (dirname(dir) === dir) return folders;
  }
}

/** First-party packages whose names look like a plugin's but that are building blocks for plugins. */
const NOT_PLUGINS = new Set(['@skill-eval/engine-kit', '@skill-eval/format-kit']);

/**
 * Installed packages whose names follow the plugin naming convention of `kind` (`@skill-eval/engine-<id>`,
 * `skill-eval-engine-<id>`), in every place, nearest first; each name once (the one resolution would take).
 */
export async function installedPluginPackages(kind: 'engine' | 'format' | 'reporter', cwd: string): Promise<string[]> {
  const names = new Set<string>();
  for (const folder of (await packagePlaces(cwd)).flatMap((place) => place.folders)) {
    const entries = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);
    for (const name of entries(join(folder, '@skill-eval'))) {
      if (name.startsWith(`${kind}-`) && !NOT_PLUGINS.has(`@skill-eval/${name}`)) names.add(`@skill-eval/${name}`);
    }
    for (const name of entries(folder)) {
      if (name.startsWith(`skill-eval-${kind}-`)) names.add(name);
    }
  }
  return [...names];
}
