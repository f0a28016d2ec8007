// Writes docs/checks.md, the parameter reference of every check type, from the check catalogue. Run after `pnpm build`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { renderParameterReference } from '../packages/checks/dist/internal.js';

const out = new URL('../docs/', import.meta.url);
mkdirSync(out, { recursive: true });
writeFileSync(new URL('checks.md', out), renderParameterReference());
console.log('docs/checks.md');
