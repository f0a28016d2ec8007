// Type-checks every TypeScript example of the documentation (```ts blocks of the READMEs and docs/), against the
// packages as built, so that no example shows an API that is not there. A block is one file; one that begins a
// path after the language (```ts my-engine/src/index.ts) is that file, which other blocks can import (./index.js);
// the others are files of their own. Errors are printed at the Markdown file and line. Run after `pnpm build`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'skill-eval-examples-'));

/**
 * The Markdown files whose examples users copy: every README and the guides in docs/ — not the third-party files kept
 * verbatim in corpus/, whose examples are their authors' (AgentV's READMEs show code for AgentV's own packages).
 */
const documents = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*README.md', 'docs/*.md'], { cwd: repo, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && !file.includes('/src/') && !file.startsWith('corpus/'));

/** Each ```ts block: the file it is written to, and where it starts in its document. */
const blocks = [];
for (const document of documents) {
  const lines = readFileSync(join(repo, document), 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```(ts|typescript)(?:\s+(\S+))?\s*$/.exec(lines[i]);
    if (!fence) continue;
    const end = lines.indexOf('```', i + 1);
    const name = fence[2] ?? `${document.replaceAll('/', '_').replace(/\.md$/, '')}_${i + 1}.ts`;
    blocks.push({ document, line: i + 2, file: name, text: `${lines.slice(i + 1, end).join('\n')}\n` });
    i = end;
  }
}

const written = new Map();
for (const block of blocks) {
  const earlier = written.get(block.file);
  if (earlier && earlier.text !== block.text) {
    throw new Error(`${block.document}:${block.line} and ${earlier.document}:${earlier.line} both write ${block.file}`);
  }
  written.set(block.file, block);
  mkdirSync(dirname(join(work, block.file)), { recursive: true });
  writeFileSync(join(work, block.file), block.text);
}

// The examples import the workspace's packages as a user's project would: through node_modules.
const link = (name, target) => {
  mkdirSync(dirname(join(work, 'node_modules', name)), { recursive: true });
  symlinkSync(target, join(work, 'node_modules', name));
};
for (const folder of ['packages', 'formats', 'adapters']) {
  for (const dir of readdirSync(join(repo, folder))) {
    const manifest = JSON.parse(readFileSync(join(repo, folder, dir, 'package.json'), 'utf8'));
    if (!manifest.private) link(manifest.name, join(repo, folder, dir));
  }
}
for (const name of ['zod', 'vitest', '@types/node']) link(name, join(repo, 'node_modules', name));
writeFileSync(join(work, 'package.json'), '{ "type": "module" }\n');
writeFileSync(
  join(work, 'tsconfig.json'),
  JSON.stringify({
    extends: join(repo, 'tsconfig.base.json'),
    compilerOptions: { noEmit: true, declaration: false },
    include: ['**/*.ts'],
    exclude: ['node_modules'],
  }),
);

try {
  // The compiler the packages are built and checked with (TypeScript 7, `typescript-native` in package.json).
  execFileSync(process.execPath, [join(repo, 'node_modules', 'typescript-native', 'bin', 'tsc'), '-p', work], {
    encoding: 'utf8',
  });
  console.log(`${blocks.length} examples in ${documents.length} documents type-check.`);
} catch (error) {
  // tsc names `file(line,col)`: name the document and its line instead.
  const report = `${error.stdout}`.replace(/^([^\s(]+)\((\d+),(\d+)\)/gm, (whole, file, line, column) => {
    const block = written.get(relative(work, join(work, file)));
    return block ? `${block.document}:${block.line + Number(line) - 1}:${column}` : whole;
  });
  console.error(report);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
