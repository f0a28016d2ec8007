import { describe, expect, it } from 'vitest';
import { createRedactor } from './redactor.js';
import { jsonMayHoldSecret, REDACTED, redactText, secretValues } from './secrets.js';

describe('redactText', () => {
  it('replaces a long secret wherever it appears, even inside a word', () => {
    const key = 'sk-ant-0123456789abcdef';
    expect(redactText(`Bearer ${key}, x${key}y`, [key])).toBe(`Bearer ${REDACTED}, x${REDACTED}y`);
  });

  it('replaces a short secret only where it stands alone, so a dummy key does not wreck the words holding it', () => {
    const text = 'run the tests; key=test, "test" and test_case, testé, tést';
    expect(redactText(text, ['test'])).toBe(`run the tests; key=${REDACTED}, "${REDACTED}" and test_case, testé, tést`);
    expect(redactText('a.b and aXb', ['a.b'])).toBe(`${REDACTED} and aXb`);
  });

  it('replaces a secret holding another whole, when given longest first', () => {
    expect(redactText('abcd1234-longer abcd1234', ['abcd1234-longer', 'abcd1234'])).toBe(`${REDACTED} ${REDACTED}`);
  });
});

describe('secretValues and URLs', () => {
  it('takes the password of a URL value (a proxy’s), whatever the variable is called', () => {
    const secrets = secretValues({ HTTPS_PROXY: 'http://me:pr%40xy-pass@proxy.local:3128', NO_PROXY: 'localhost' });
    expect(secrets).toContain('pr%40xy-pass');
    expect(secrets).toContain('pr@xy-pass');
    expect(redactText('via http://me:pr%40xy-pass@proxy.local', secrets)).toBe('via http://me:[REDACTED]@proxy.local');
  });

  it('takes nothing from a URL without a password', () => {
    expect(secretValues({ HTTP_PROXY: 'http://proxy.local:3128', X: 'http://user@host' })).toEqual([]);
  });
});

describe('jsonMayHoldSecret', () => {
  const secrets = ['sk-quote"and\\slash', 'line\nbreak-secret', 'tab\tkey-0123456789', 'plain-secret-0123'];
  it('finds each secret in a string or a key of any JSON.stringify output, escaped as JSON escapes it', () => {
    for (const secret of secrets) {
      for (const value of [{ answer: `before ${secret} after` }, { [`key ${secret}`]: 1 }, [{ deep: [`${secret}`] }]]) {
        for (const json of [JSON.stringify(value), JSON.stringify(value, null, 2)])
          expect([secret, json, jsonMayHoldSecret(json, [secret])]).toEqual([secret, json, true]);
      }
    }
  });

  it('finds none where redacting the parsed value changes nothing', () => {
    const json = JSON.stringify({ answer: 'sk-quote and slash', 'line break': 'tab key' }, null, 2);
    expect(jsonMayHoldSecret(json, secrets)).toBe(false);
    expect(JSON.stringify(createRedactor(secrets)(JSON.parse(json)), null, 2)).toBe(json);
    expect(jsonMayHoldSecret(json, [])).toBe(false);
  });
});
