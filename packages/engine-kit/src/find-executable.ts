import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Absolute path of an executable: a name with a slash is checked as given (relative to cwd),
 * a bare name is looked up on `pathEnv`. Undefined when nothing runnable is found.
 */
export function findExecutable(command: string, pathEnv: string | undefined): string | undefined {
  if (command.includes('/') || command.includes('\\')) {
    const file = isAbsolute(command) ? command : resolve(command);
    return isExecutableFile(file) ? file : undefined;
  }
  for (const dir of (pathEnv ?? '').split(delimiter)) {
    if (!dir) continue;
    const file = join(dir, command);
    if (isExecutableFile(file)) return file;
  }
  return undefined;
}
