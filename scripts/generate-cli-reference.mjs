// Writes the current `--help` of skill-eval and of each command into docs/cli.md. Run after `pnpm build`.
import { readFileSync, writeFileSync } from 'node:fs';
import { renderCliReference } from './render-cli-reference.mjs';

const page = new URL('../docs/cli.md', import.meta.url);
writeFileSync(page, renderCliReference(readFileSync(page, 'utf8')));
console.log('docs/cli.md');
