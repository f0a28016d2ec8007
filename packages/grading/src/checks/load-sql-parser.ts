import { SkillEvalError } from '@skill-eval/core';
import { sqlParserFinder } from './sql-parser-finder.js';

/** node-sql-parser is CommonJS: `import()` gives its exports as `default`. */
type SqlParserModule = { default: typeof import('node-sql-parser') };

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
  const url = await sqlParserFinder()('node-sql-parser');
  if (url === undefined) throw new SkillEvalError('BAD_INPUT', MISSING);
  return (await import(url)) as SqlParserModule;
}
