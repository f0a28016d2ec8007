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
  /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?$/;

/** What PyYAML reads the plain scalar `source` as, when not a string (a string: undefined). */
export function pyyamlPlainScalar(source: string): PyyamlValue | undefined {
  if (BOOL.test(source)) return { kind: 'bool', text: /^(?:yes|true|on)$/i.test(source) ? 'True' : 'False' };
  if (NULL.test(source)) return { kind: 'null', text: 'None' };
  if (INT.test(source)) return { kind: 'int', text: pyyamlInt(source).toString() };
  if (FLOAT.test(source)) return { kind: 'float', text: pythonFloatRepr(pyyamlFloat(source)) };
  if (DATE.test(source) || TIMESTAMP.test(source)) return { kind: 'timestamp', text: source };
  return undefined;
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
