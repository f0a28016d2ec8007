import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

// Apart from load-sql-parser.ts: a program sets the finder when it starts, and this module imports nothing by name,
// so setting it loads no code that must be compiled apart from the CLI's (see the CLI's bin/code-cache.js).

/** The URL a dynamic import loads for a package installed where skill-eval is, or undefined when it is not there. */
export type InstalledPackageFinder = (name: string) => Promise<string | undefined>;

/**
 * Beside skill-eval: resolved from this module, as skill-eval's own dependencies are (its node_modules, and its
 * neighbours in a global or npx install). The CLI widens it to npm's global folder (see {@link findSqlParserWith}).
 * With `require`'s resolution: the CLI runs as CommonJS, where `import.meta.resolve` does not exist.
 */
const besideSkillEval: InstalledPackageFinder = async (name) => {
  try {
    return pathToFileURL(createRequire(import.meta.url).resolve(name)).href;
  } catch (error) {
    if ((error as { code?: string }).code === 'MODULE_NOT_FOUND') return undefined;
    throw error;
  }
};

let findInstalled: InstalledPackageFinder = besideSkillEval;

/** The finder SQL checks ask (load-sql-parser.ts, which imports what it finds, is loaded only when one runs). */
export const sqlParserFinder = (): InstalledPackageFinder => findInstalled;

/**
 * Where SQL checks look for node-sql-parser: the program that runs them knows where skill-eval is installed (the CLI:
 * beside it, then npm's global folder). Without a finder, beside this module.
 */
export function findSqlParserWith(finder: InstalledPackageFinder = besideSkillEval): void {
  findInstalled = finder;
}
