import { readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, join, posix, resolve } from 'node:path';

const SEMVER = /^\d+\.\d+\.\d+(?:[-+][\w.]+)?$/;
/** A `.bin` entry is a link or a shim of a few lines; anything larger is not one. */
const SHIM_MAX_BYTES = 8192;

interface Manifest {
  name?: unknown;
  version?: unknown;
  bin?: unknown;
}

/**
 * The version of the npm package `packageName` when `binary` is one of its bins as npm or pnpm installs them — a link
 * to the bin's file (npm, `npm install --global`), or a `node_modules/.bin` shim that runs it (pnpm) — read from the
 * package's manifest, which is what the program's `--version` prints. Undefined when `binary` is not that: the caller
 * then asks the program. The point is speed: gemini's `--version` loads its whole bundle (1.7 s of CPU).
 */
export function installedPackageVersion(binary: string, packageName: string): string | undefined {
  const linked = safeRealpath(binary);
  if (linked && linked !== resolve(binary)) {
    const version = versionOwning(linked, packageName);
    if (version) return version;
  }
  if (basename(dirname(binary)) !== '.bin') return undefined;
  const packageDir = join(dirname(dirname(binary)), ...packageName.split('/'));
  const manifest = readManifest(packageDir, packageName);
  const file = manifest && bins(manifest, packageName)[basename(binary)];
  if (!manifest || !file) return undefined;
  // The shim names the bin's file by its path from node_modules (`$basedir/../@google/gemini-cli/bundle/gemini.js`).
  const shim = readSmallText(binary);
  return shim?.includes(posix.join(packageName, file)) ? (manifest.version as string) : undefined;
}

/** The version of `packageName` when `file` is a bin of it: the nearest manifest above `file` names it so. */
function versionOwning(file: string, packageName: string): string | undefined {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = readManifest(dir);
    if (manifest === null) continue;
    if (manifest === undefined || manifest.name !== packageName) return undefined;
    const bin = Object.values(bins(manifest, packageName));
    return bin.some((path) => resolve(dir, path) === file) ? (manifest.version as string) : undefined;
  }
  return undefined;
}

/** The manifest's bins by name (a string `bin` is named after the package, without its scope). */
function bins(manifest: Manifest, packageName: string): Record<string, string> {
  if (typeof manifest.bin === 'string') return { [packageName.split('/').pop()!]: manifest.bin };
  if (!manifest.bin || typeof manifest.bin !== 'object') return {};
  return Object.fromEntries(
    Object.entries(manifest.bin).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * The package.json in `dir`: null when there is none, undefined when it cannot be read, has no valid version, or
 * (with `name`) is another package's.
 */
function readManifest(dir: string, name?: string): Manifest | null | undefined {
  const text = readSmallText(join(dir, 'package.json'), Number.POSITIVE_INFINITY);
  if (text === undefined) return null;
  try {
    const manifest = JSON.parse(text) as Manifest;
    if (!manifest || typeof manifest !== 'object') return undefined;
    if (typeof manifest.version !== 'string' || !SEMVER.test(manifest.version)) return undefined;
    if (name !== undefined && manifest.name !== name) return undefined;
    return manifest;
  } catch {
    return undefined;
  }
}

function readSmallText(file: string, maxBytes = SHIM_MAX_BYTES): string | undefined {
  try {
    const text = readFileSync(file);
    return text.length <= maxBytes ? text.toString('utf8') : undefined;
  } catch {
    return undefined;
  }
}

function safeRealpath(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}
