import { isAbsolute } from 'node:path';

/** A module path (`./my-engine.js`, an absolute path) rather than a package name. */
export const looksLikePath = (spec: string): boolean =>
  spec.startsWith('.') || isAbsolute(spec) || /\.(c|m)?js$/.test(spec);
