import { findSqlParserWith } from '@skill-eval/grading/before-grading';

/**
 * Points SQL checks at node-sql-parser where skill-eval is installed — beside it, then npm's global folder — as its
 * other optional packages are found, but never at the project: a package there came with the project, and importing
 * it would run its code in skill-eval. The finder is imported when a SQL check first asks: the importer of packages
 * from outside the bundle is the one module a run of other checks need not compile (bin/code-cache.js).
 */
export function findSqlParserWhereSkillEvalIs(): void {
  findSqlParserWith(async (name) => (await import('./installed-packages.js')).resolveWhereSkillEvalIs(name));
}
