import { parse, YAMLError } from 'yaml';

/** What a file holds, in a few words, and where it stops parsing when it does not. */
export interface ContentAccount {
  text: string;
  /** Why it does not parse as JSON or YAML (`Invalid YAML: Missing closing "quote`), when it does not. */
  syntaxError?: string;
  /** 1-based line and column of the first syntax error. */
  line?: number;
  column?: number;
}

/**
 * A short account of what a JSON or YAML file holds ("keys found: a, b" / "a list of 3 items"), so a
 * file that looks like an eval but matches no format can be told apart from one that is simply not one; one that
 * does not parse is told where and why, so that its author can fix it. YAML parses JSON too, so one parser serves both.
 */
export function describeContent(file: string, text: string): ContentAccount | undefined {
  if (text.trim() === '') return { text: 'the file is empty' };
  if (!/\.(json|ya?ml)$/i.test(file)) return undefined;
  let value: unknown;
  try {
    value = parse(text, { strict: false, uniqueKeys: false });
  } catch (error) {
    return syntaxAccount(file, error);
  }
  return { text: shapeOf(value) };
}

/** A parse failure: the parser's reason, without its code frame, at its position. */
function syntaxAccount(file: string, error: unknown): ContentAccount {
  const invalid = `Invalid ${/\.json$/i.test(file) ? 'JSON' : 'YAML'}`;
  if (!(error instanceof YAMLError)) return { text: 'it does not parse', syntaxError: invalid };
  const reason = error.message.split(/ at line \d+, column \d+:/)[0]!.trim();
  const at = error.linePos?.[0];
  return {
    text: 'it does not parse',
    syntaxError: `${invalid}: ${reason}`,
    ...(at ? { line: at.line, column: at.col } : {}),
  };
}

function shapeOf(value: unknown): string {
  if (Array.isArray(value)) {
    const first = value.find((item) => item && typeof item === 'object' && !Array.isArray(item));
    const keys = first ? Object.keys(first).slice(0, 12).join(', ') : '';
    return `a list of ${value.length} item(s)${keys ? ` with keys ${keys}` : ''}`;
  }
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    return keys.length
      ? `keys found: ${keys.slice(0, 12).join(', ')}${keys.length > 12 ? ', …' : ''}`
      : 'an empty object';
  }
  return 'no mapping or list';
}
