import { existsSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { configurePlugin, hasErrors, SkillEvalError } from '@skill-eval/core';
import { writeHarnessFile } from '@skill-eval/engine-kit/agent-files';
import type { CommandIO } from '../io/io.js';
import { loadEvalFiles } from '../loading/load-eval-files.js';
import { printDiagnostics } from '../loading/print-diagnostics.js';
import { loadConfig } from '../policy/config.js';

export interface ConvertOptions {
  to: string;
  out?: string;
  format?: string;
  force?: boolean;
  config?: string;
  /** --trust: a config found in the project may load its plugins and use every setting. */
  trust?: boolean;
}

/** `.yml` and `.yaml` name the same kind of file. */
const fileKind = (path: string): string =>
  extname(path)
    .toLowerCase()
    .replace(/^\.yml$/, '.yaml');

/**
 * Where each written file goes: `-o` names a file when the result is one file with an extension, else a folder.
 * A file named with another extension than the format writes (JSON in `x.yaml`) is refused: no reader would find it.
 */
function targets(
  files: { path: string }[],
  out: string | undefined,
  cwd: string,
  format: string,
): string[] | undefined {
  if (!out) return undefined;
  const target = resolve(cwd, out);
  const isDir = existsSync(target) ? statSync(target).isDirectory() : !extname(target);
  if (files.length === 1 && !isDir) {
    const written = fileKind(files[0]!.path);
    if (fileKind(target) !== written) {
      throw new SkillEvalError(
        'USAGE',
        `-o ${out}: the ${format} format writes a ${written} file, which no reader finds under that name.`,
        {
          hint: `Name a ${written} file, or a folder to write ${files[0]!.path} into.`,
        },
      );
    }
    return [target];
  }
  return files.map((f) => join(target, f.path));
}

/**
 * `skill-eval convert`: loads one eval file and writes its suite in another format. What the target
 * cannot express is listed on stderr, never dropped silently; existing files are not overwritten without --force.
 */
export async function convertCommand(file: string, options: ConvertOptions, io: CommandIO): Promise<number> {
  const config = loadConfig(io.cwd, options.config, options.trust);
  const { registry, suites, diagnostics } = await loadEvalFiles([file], { ...options, everyFormat: true }, config, io);
  const target = configurePlugin(registry.format(options.to), undefined);
  if (!target.write) {
    throw new SkillEvalError('USAGE', `Format '${target.id}' can be read but not written.`, {
      hint: `Formats that can be written: ${registry.formats.map((p) => p.id).join(', ')}.`,
    });
  }
  printDiagnostics(diagnostics, io.cwd, io.stderr);
  if (hasErrors(diagnostics) || suites.length === 0) {
    io.stderr.write('Nothing was converted: fix the errors above.\n');
    return 2;
  }
  const written = await Promise.all(suites.map((suite) => target.write!(suite)));
  const files = written.flatMap((w, i) => w.files.map((f) => ({ ...f, suite: suites[i]!.file })));
  const lost = written.flatMap((w) => w.lost);
  if (files.length === 0) {
    // Every case is lost (a task-only file to triggers-json, trigger cases to eval-md): an empty file would not load.
    printLost(lost, target.id, io);
    io.stderr.write(`Nothing was converted: the ${target.id} format can hold none of the cases in ${file}.\n`);
    return 2;
  }
  const paths = targets(files, options.out, io.cwd, target.id);
  if (!paths) {
    if (files.length > 1) {
      throw new SkillEvalError('USAGE', `Converting to ${target.id} writes ${files.length} files.`, {
        hint: 'Name an output folder with -o.',
      });
    }
    io.stdout.write(files[0]!.text);
  } else {
    refuseSharedPaths(files, paths, target.id, io.cwd);
    const existing = paths.filter((p) => existsSync(p));
    if (existing.length && !options.force) {
      throw new SkillEvalError('USAGE', `Would overwrite ${existing.map((p) => relative(io.cwd, p)).join(', ')}.`, {
        hint: 'Choose another -o, or pass --force.',
      });
    }
    // The output folder is the user's; what is below it may not be: a linked sub-folder or file is never written
    // through (see writeHarnessFile).
    const base = outBase(paths, resolve(io.cwd, options.out!));
    for (const [i, f] of files.entries()) {
      await writeHarnessFile(base, paths[i]!, f.text, options.force === true);
      io.stderr.write(`wrote ${relative(io.cwd, paths[i]!)}\n`);
    }
  }
  printLost(lost, target.id, io);
  return 0;
}

/** The folder `-o` names, or the folder of the one file it names. */
function outBase(paths: readonly string[], out: string): string {
  return paths.length === 1 && paths[0] === out ? dirname(out) : out;
}

/** Two suites (a folder of several skills) written to the same path: the second would silently replace the first. */
function refuseSharedPaths(files: { suite: string }[], paths: string[], targetId: string, cwd: string): void {
  const firstSuite = new Map<string, string>();
  paths.forEach((path, i) => {
    const suite = files[i]!.suite;
    const other = firstSuite.get(path);
    if (other === undefined) firstSuite.set(path, suite);
    else if (other !== suite) {
      throw new SkillEvalError(
        'USAGE',
        `Converting to ${targetId} writes ${relative(cwd, path)} for both ${relative(cwd, other)} and ${relative(cwd, suite)}; one would replace the other.`,
        { hint: 'Convert one eval file at a time, each with its own -o.' },
      );
    }
  });
}

function printLost(lost: string[], targetId: string, io: CommandIO): void {
  for (const line of lost) io.stderr.write(`not converted: ${line}\n`);
  if (lost.length)
    io.stderr.write(`${lost.length} thing(s) the ${targetId} format cannot express were left out (listed above).\n`);
}
