import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const HOST_TEXT = 'host-only text\n';

/**
 * Has `write` write the file `name` into a run directory someone else wrote, where both the temporary name an older
 * skill-eval used (`<name>.<pid>.tmp`) and `name` itself are links to a file of the user's outside it; throws unless
 * that file is as it was and `name` is now a regular file. `check` then looks at the run directory, removed after.
 */
export async function writtenPastPlantedLinks(
  name: string,
  write: (runDir: string) => Promise<unknown>,
  check: (runDir: string) => Promise<void> | void = () => undefined,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'skill-eval-planted-links-'));
  try {
    const [run, host] = [join(dir, 'run'), join(dir, 'bashrc')];
    mkdirSync(run);
    writeFileSync(host, HOST_TEXT);
    symlinkSync(host, join(run, `${name}.${process.pid}.tmp`));
    symlinkSync(host, join(run, name));
    await write(run);
    if (readFileSync(host, 'utf8') !== HOST_TEXT) throw new Error(`writing ${name} changed the file a link led to`);
    if (!lstatSync(join(run, name)).isFile()) throw new Error(`${name} is not a regular file after the write`);
    await check(run);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
