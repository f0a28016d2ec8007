import { dirname, join } from 'node:path';
import { observedList } from '@skill-eval/core';
import { readSideFile } from '@skill-eval/format-kit';
import { resolveCaseFiles } from './case-files.js';
import { isSuiteName, isYamlName, kindOfContent, yamlContent } from './file-kind.js';

/**
 * The other suite files beside an `eval.yaml` that list any of its case files: alternate configurations of the same
 * cases (`evals/with-skill.yaml`), which skill-up runs only when named with `--config`. Only `eval.yaml` itself, the
 * file skill-up finds on its own, names them.
 */
export function alternateSuites(
  file: string,
  caseFiles: readonly string[],
  skillRoot: string,
  boundary: string,
): string[] {
  if (!isSuiteName(file) || caseFiles.length === 0) return [];
  const dir = dirname(file);
  const own = new Set(caseFiles);
  const alternates: string[] = [];
  let names: string[];
  try {
    names = observedList(dir);
  } catch {
    return [];
  }
  for (const name of names.sort()) {
    const other = join(dir, name);
    if (other === file || !isYamlName(other) || isSuiteName(other)) continue;
    // A neighbour is read as every side file is: not through a link out of the project, never a FIFO.
    const side = readSideFile(other, boundary);
    if (!side.ok || side.outside) continue;
    let content: unknown;
    try {
      content = yamlContent(side.text);
    } catch {
      continue;
    }
    if (kindOfContent(content) !== 'suite') continue;
    const files = (content as { cases?: { files?: unknown } }).cases?.files;
    if (!Array.isArray(files)) continue;
    const listed = resolveCaseFiles(
      files.filter((f): f is string => typeof f === 'string'),
      skillRoot,
      boundary,
    ).flatMap((entry) => entry.files);
    if (listed.some((f) => own.has(f))) alternates.push(other);
  }
  return alternates;
}
