import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { SkillEvalError } from '@skill-eval/core';

/** node-sql-parser is CommonJS: `import()` gives its exports as `default`. */
type SqlParserModule = { default: typeof import('node-sql-parser') };

/** The URL `import()` loads for a package installed where skill-eval is, or undefined when it is not there. */
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

/**
 * Where SQL checks look for node-sql-parser: the program that runs them knows where skill-eval is installed (the CLI:
 * beside it, then npm's global folder). Without a finder, beside this module.
 */
export function findSqlParserWith(finder: InstalledPackageFinder = besideSkillEval): void {
  findInstalled = finder;
}

const MISSING =
  'SQL checks need the node-sql-parser package where skill-eval is installed, and it is not there. Install it beside ' +
  'skill-eval: npm install --global node-sql-parser (for a global skill-eval), npm install --save-dev node-sql-parser ' +
  '(where skill-eval is a dependency), or npx -p skill-eval -p node-sql-parser skill-eval. A node-sql-parser of the ' +
  "project under evaluation is never loaded: importing it would run that project's code.";

/**
 * node-sql-parser, which promptfoo's is-sql uses: large, so an optional peer dependency loaded only when a SQL check
 * runs, and only from where skill-eval is installed. Never from the working directory or the project: a package there
 * came with the project, and importing it would run its code in the harness, on this machine, without --trust.
 */
export async function loadSqlParser(): Promise<SqlParserModule> {
  const url = await findInstalled('node-sql-parser');
  if (url === undefined) throw new SkillEvalError('BAD_INPUT', MISSING);
  return (await import(url)) as SqlParserModule;
}
