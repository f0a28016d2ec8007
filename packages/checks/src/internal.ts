/**
 * For the repository's own scripts (scripts/generate-checks-doc.mjs renders docs/checks.md with it). Not a public
 * entry: names here change without notice; `index.ts` is what users import.
 */
export { renderParameterReference } from './parameter-reference.js';
