import { describe, expect, it } from 'vitest';
import { pythonFloatRepr, pyyamlPlainScalar } from './pyyaml-scalar.js';

describe('pyyamlPlainScalar', () => {
  it.each([
    ['yes', 'bool', 'True'],
    ['Off', 'bool', 'False'],
    ['0755', 'int', '493'],
    ['0b101', 'int', '5'],
    ['0x1F', 'int', '31'],
    ['1_000', 'int', '1000'],
    ['1:30', 'int', '90'],
    ['-12', 'int', '-12'],
    ['12.0', 'float', '12.0'],
    ['1.5e-7', 'float', '1.5e-07'],
    ['1:30.5', 'float', '90.5'],
    ['.inf', 'float', 'inf'],
    ['~', 'null', 'None'],
    ['2025-01-15', 'timestamp', '2025-01-15'],
    ['2025-1-5 1:02:03', 'timestamp', '2025-01-05 01:02:03'],
    ['2025-01-15T10:00:00Z', 'timestamp', '2025-01-15 10:00:00+00:00'],
    ['2025-01-15t10:00:00.5 -05:30', 'timestamp', '2025-01-15 10:00:00.500000-05:30'],
  ])('%s is a %s PyYAML reads, written %s', (source, kind, text) => {
    expect(pyyamlPlainScalar(source)).toEqual({ kind, text });
  });

  it.each(['hello', '1e3', 'y', 'n', '09', '1.2.3', 'True story', '2025-1-5'])('%s is a string to PyYAML', (source) => {
    expect(pyyamlPlainScalar(source)).toBeUndefined();
  });
});

describe('pythonFloatRepr', () => {
  it.each([
    [12, '12.0'],
    [0.1, '0.1'],
    [1e16, '1e+16'],
    [123456789012345.6, '123456789012345.6'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [-2.5e-10, '-2.5e-10'],
    [1e22, '1e+22'],
    [-0, '-0.0'],
  ])('writes %s as Python does: %s', (value, text) => {
    expect(pythonFloatRepr(value)).toBe(text);
  });
});
