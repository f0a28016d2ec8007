import { parse } from 'yaml';

/** The eval file of a tool skill-eval does not read yet, as a person would name it. */
export interface ForeignEvalFile {
  /** The tool and its file, as a person names them: `<tool>'s <file>`. */
  tool: string;
  /** What gave it away, in the file's own keys. */
  shape: string;
}

/**
 * Eval files of other tools that share a name or a key with a format skill-eval reads, and that a format would take
 * for its own and then tell the author to rewrite for it. Each is recognised by its tool's own parser's keys; `hint`
 * is a word the text must hold, so that the other files are not parsed for this.
 */
const FOREIGN: {
  tool: string;
  shape: string;
  hint: string;
  matches(value: unknown): boolean;
}[] = [
  // None at present: getsentry/skillet's `.eval.yaml` is read by the skillet format, BMAD TEA's `evals.json` by
  // evals-json. A tool whose files another format would take for its own is added here until one reads them.
];

/** The other tool `text` (a JSON or YAML eval file) belongs to, when it is one skill-eval knows and does not read. */
export function foreignEvalFile(file: string, text: string): ForeignEvalFile | undefined {
  if (!/\.(json|ya?ml)$/i.test(file)) return undefined;
  const candidates = FOREIGN.filter((foreign) => text.includes(foreign.hint));
  if (candidates.length === 0) return undefined;
  let value: unknown;
  try {
    value = parse(text, { strict: false, uniqueKeys: false, maxAliasCount: 100 });
  } catch {
    return undefined;
  }
  const found = candidates.find((foreign) => foreign.matches(value));
  return found && { tool: found.tool, shape: found.shape };
}
