import { REDACTED, secretValues } from '@skill-eval/core';
import { describe, expect, it } from 'vitest';
import { createRedactor } from './redact.js';

describe('redaction', () => {
  it('treats values of KEY/TOKEN/SECRET/PASSWORD variables as secrets, longest first', () => {
    const secrets = secretValues({
      MY_API_KEY: 'abcd1234',
      GH_token: 'abcd1234-longer',
      DB_PASSWORD: 'hunter22',
      CLIENT_SECRET: 'xyz', // too short to be worth redacting
      PATH: '/usr/bin:/bin',
    });
    expect(secrets).toEqual(['abcd1234-longer', 'abcd1234', 'hunter22']);
  });

  it('replaces secrets in nested strings and keys without touching the input', () => {
    const redact = createRedactor(['abcd1234-longer', 'abcd1234']);
    const input = { a: 'key=abcd1234-longer!', list: ['x abcd1234 y', 3, null], abcd1234: { deep: 'abcd1234' } };
    const out = redact(input);
    expect(out).toEqual({
      a: `key=${REDACTED}!`,
      list: [`x ${REDACTED} y`, 3, null],
      [REDACTED]: { deep: REDACTED },
    });
    expect(input.a).toBe('key=abcd1234-longer!');
  });
});
