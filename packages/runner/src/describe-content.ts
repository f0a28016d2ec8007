import { parse } from 'yaml';

/**
 * A short account of what a JSON or YAML file holds ("keys found: a, b" / "a list of 3 items"), so a
 * file that looks like an eval but matches no format can be told apart from one that is simply not one.
 * YAML parses JSON too, so one parser serves both.
 */
export function describeContent(file: string, text: string): string | undefined {
  if (text.trim() === '') return 'the file is empty';
  if (!/\.(json|ya?ml)$/i.test(file)) return undefined;
  let value: unknown;
  try {
    value = parse(text, { strict: false, uniqueKeys: false });
  } catch {
    return 'it does not parse';
  }
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
