// Writes the policy table into docs/security.md. Run after building @skill-eval/runner (`pnpm docs:security`).
import { readFileSync, writeFileSync } from 'node:fs';
import { renderSecurityPage } from './render-security-page.mjs';

const page = new URL('../docs/security.md', import.meta.url);
writeFileSync(page, renderSecurityPage(readFileSync(page, 'utf8')));
console.log('docs/security.md');
