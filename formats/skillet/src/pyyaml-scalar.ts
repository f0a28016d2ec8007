import type { Scalar } from 'yaml';

/**
 * What Skillet's YAML reader makes of a plain (unquoted) scalar. Skillet loads evals with PyYAML's `yaml.safe_load`, a
 * YAML 1.1 reader, where `yes`, `on` and `off` are booleans, `0755` is octal, `1_000` and `1:30` (base 60) are numbers
 * and a float keeps its point; skill-eval's YAML reader is 1.2, which reads all of those as text or otherwise. The
 * patterns and constructions are PyYAML's implicit resolvers and SafeConstructor (PyYAML 6, yaml/resolver.py and
 * yaml/constructor.py); the text is how Python's str() writes the value, as Skillet puts it into a judge's prompt.
 */

/** A plain scalar PyYAML reads as something other than a string: what it is, and its text (Python's str()). */
export interface PyyamlValue {
  kind: 'bool' | 'int' | 'float' | 'null' | 'timestamp';
  text: string;
}

const BOOL = /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
const FLOAT =
  /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const INT =
  /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
const NULL = /^(?:~|null|Null|NULL|)$/;
const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const TIMESTAMP =
  /^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:[Tt]|[ \t]+)([0-9]{1,2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]*))?(?:[ \t]*(Z|([-+])([0-9]{1,2})(?::([0-9]{2}))?))?$/;
/** Plain scalars PyYAML's SafeLoader has no constructor for (the `value` and, outside a key, `merge` tags): it stops. */
export const PYYAML_REFUSED = new Set(['=', '<<']);

/** What PyYAML reads the plain scalar `source` as, when not a string (a string: undefined). */
export function pyyamlPlainScalar(source: string): PyyamlValue | undefined {
  if (BOOL.test(source)) return { kind: 'bool', text: /^(?:yes|true|on)$/i.test(source) ? 'True' : 'False' };
  if (NULL.test(source)) return { kind: 'null', text: 'None' };
  if (INT.test(source)) return { kind: 'int', text: pyyamlInt(source).toString() };
  if (FLOAT.test(source)) return { kind: 'float', text: pythonFloatRepr(pyyamlFloat(source)) };
  if (DATE.test(source)) return { kind: 'timestamp', text: source };
  const time = TIMESTAMP.exec(source);
  if (time) return { kind: 'timestamp', text: pythonDatetimeText(time) };
  return undefined;
}

const two = (digits: string | undefined) => (digits ?? '0').padStart(2, '0');

/**
 * str() of the datetime SafeConstructor.construct_yaml_timestamp builds: `2025-01-05 01:02:03`, microseconds when the
 * fraction is not zero (its first six digits), and the offset as `+HH:MM` (`Z` is UTC, `+00:00`).
 */
function pythonDatetimeText(time: RegExpExecArray): string {
  const [, year, month, day, hour, minute, second, fraction, tz, sign, tzHour, tzMinute] = time;
  const micro = (fraction ?? '').slice(0, 6).padEnd(6, '0');
  let text = `${year}-${two(month)}-${two(day)} ${two(hour)}:${minute}:${second}${Number(micro) > 0 ? `.${micro}` : ''}`;
  if (sign)
    text += `${Number(tzHour) === 0 && Number(tzMinute ?? 0) === 0 ? '+' : sign}${two(tzHour)}:${two(tzMinute)}`;
  else if (tz) text += '+00:00';
  return text;
}

/** How a message names what PyYAML read a value as. */
export function pyyamlKindWords(value: PyyamlValue): string {
  if (value.kind === 'bool') return 'a boolean';
  if (value.kind === 'timestamp') return 'a date';
  if (value.kind === 'null') return 'empty';
  return 'a number';
}

/**
 * A scalar as Skillet's YAML reader (PyYAML, YAML 1.1) reads it: `{ string }` when it is text, else what it is and how
 * Python's str() writes it. A plain scalar is resolved as PyYAML resolves it; a quoted, block or tagged one is what it
 * says.
 */
export function skilletScalar(node: Scalar): { string: string } | PyyamlValue {
  const plain = node.type === 'PLAIN' && !node.tag;
  if (typeof node.value === 'string') return (plain && pyyamlPlainScalar(node.value)) || { string: node.value };
  const text = plain && typeof node.source === 'string' ? node.source : String(node.value);
  const read = plain ? pyyamlPlainScalar(text) : undefined;
  return read ?? (node.value === null ? { kind: 'null', text: 'None' } : { string: text });
}

/** SafeConstructor.construct_yaml_int: underscores dropped; base 2, 16, 8 (a leading 0), or 60 (`:`). */
function pyyamlInt(source: string): bigint {
  let text = source.replaceAll('_', '');
  let sign = 1n;
  if (text[0] === '-' || text[0] === '+') {
    if (text[0] === '-') sign = -1n;
    text = text.slice(1);
  }
  if (text === '0') return 0n;
  if (text.startsWith('0b')) return sign * BigInt(text);
  if (text.startsWith('0x')) return sign * BigInt(text);
  if (text.startsWith('0')) return sign * BigInt(`0o${text.slice(1)}`);
  if (text.includes(':')) return sign * text.split(':').reduce((total, digit) => total * 60n + BigInt(digit), 0n);
  return sign * BigInt(text);
}

/** SafeConstructor.construct_yaml_float: underscores dropped, lower-cased; infinities, NaN, base 60. */
function pyyamlFloat(source: string): number {
  let text = source.replaceAll('_', '').toLowerCase();
  let sign = 1;
  if (text[0] === '-' || text[0] === '+') {
    if (text[0] === '-') sign = -1;
    text = text.slice(1);
  }
  if (text === '.inf') return sign * Number.POSITIVE_INFINITY;
  if (text === '.nan') return Number.NaN;
  if (text.includes(':')) return sign * text.split(':').reduce((total, digit) => total * 60 + Number(digit), 0);
  return sign * Number(text);
}

/**
 * Python's repr() (and str()) of a float: the shortest digits that read back as the same number, in fixed notation
 * with at least one decimal when its exponent lies in [-4, 16), else as `1.5e-05` / `1e+16`.
 */
export function pythonFloatRepr(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value < 0 ? '-inf' : 'inf';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const [mantissa = '', exponentText = '0'] = Math.abs(value).toExponential().split('e');
  const exponent = Number(exponentText);
  const digits = mantissa.replace('.', '');
  const sign = value < 0 ? '-' : '';
  if (exponent < -4 || exponent >= 16) {
    const rest = digits.slice(1);
    return `${sign}${digits[0]}${rest ? `.${rest}` : ''}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
  const fraction = digits.slice(exponent + 1);
  return `${sign}${whole}.${fraction || '0'}`;
}
