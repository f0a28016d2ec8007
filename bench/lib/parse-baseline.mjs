#!/usr/bin/env node
// The parser's own time for workloads 4 and 6: reads every file named, and every file under a folder named, and parses each YAML file with the `yaml`
// library skill-eval reads YAML with (the same version, from @skill-eval/format-kit), with the options it passes
// (format-kit's parse-yaml.ts: node positions, every error, unique keys) and into plain data, as its loaders use it;
// JSON files with JSON.parse. A single parse per file is what skill-eval is held to (issue 38, item 2): no `list` of
// these files can take less than this. Node runs it with its own defaults (the later tier-up skill-eval's bin asks for,
// packages/cli/bin/v8-tiering.js, makes this loop slower here). Prints the number of files parsed.
//   node bench/lib/parse-baseline.mjs <file or dir>…
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const FORMAT_KIT = new URL('../../packages/format-kit/package.json', import.meta.url).pathname;
const { LineCounter, parseDocument } = createRequire(FORMAT_KIT)('yaml');

// In path order, as skill-eval's scan finds them, whatever order the file system lists them in.
const filesBelow = (dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
const files = process.argv
  .slice(2)
  .flatMap((path) => (statSync(path).isDirectory() ? filesBelow(path) : [path]))
  .sort();
let parsed = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  if (/\.ya?ml$/.test(file)) {
    const doc = parseDocument(text, { lineCounter: new LineCounter(), prettyErrors: false, uniqueKeys: true });
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0].message}`);
    doc.toJS();
    parsed++;
  } else if (file.endsWith('.json')) {
    JSON.parse(text);
    parsed++;
  }
}
process.stdout.write(`${parsed} file(s) parsed\n`);
