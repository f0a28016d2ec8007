import { describe, expect, it } from 'vitest';
import { createRedactor, redactorOf, redactRecorded, restoreRedacted } from './redactor.js';
import { REDACTED, secretValues } from './secrets.js';

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

  it("redacts a text of an environment's secret values and leaves short or non-secret ones", () => {
    const redact = redactorOf({ ANTHROPIC_API_KEY: 'sk-ant-secret-value', PATH: '/usr/bin', SHORT_TOKEN: 'abc' }).text;
    expect(redact('key=sk-ant-secret-value path=/usr/bin abc')).toBe('key=[REDACTED] path=/usr/bin abc');
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

describe('createRedactor', () => {
  it('returns what holds no secret as it is, and copies only what changed', () => {
    const redact = createRedactor(['abcd1234-longer']);
    const clean = { a: ['x', { b: 'y' }], n: 1 };
    expect(redact(clean)).toBe(clean);
    const mixed = { clean: { b: 'y' }, dirty: ['abcd1234-longer'] };
    const out = redact(mixed);
    expect(out.clean).toBe(mixed.clean);
    expect(out.dirty).toEqual([REDACTED]);
    expect(redact.text('key abcd1234-longer')).toBe(`key ${REDACTED}`);
  });
});

describe('redactRecorded and restoreRedacted', () => {
  const env = { MY_TOKEN: 'tok-1234567890abcdef', SHORT_KEY: 'test', PATH: '/bin' };

  it('keeps which variable each [REDACTED] replaced, and takes the values back from the environment', () => {
    const invocation = {
      cwd: '/home/u/test/skill',
      options: { ek: [`env=T=tok-1234567890abcdef`, 'command=./a.sh', `x=[REDACTED]+test`] },
    };
    const { value, redactions } = redactRecorded(invocation, env);
    expect(value).toEqual({
      cwd: `/home/u/${REDACTED}/skill`,
      options: { ek: [`env=T=${REDACTED}`, 'command=./a.sh', `x=${REDACTED}+${REDACTED}`] },
    });
    expect(redactions).toEqual([
      { path: ['cwd'], variables: ['SHORT_KEY'] },
      { path: ['options', 'ek', 0], variables: ['MY_TOKEN'] },
      { path: ['options', 'ek', 2], variables: [null, 'SHORT_KEY'] },
    ]);
    expect(JSON.stringify({ value, redactions })).not.toContain('tok-1234567890abcdef');
    expect(restoreRedacted(value, redactions, env, 'run.json')).toEqual(invocation);
  });

  it('refuses to restore when a variable is no longer set, naming it', () => {
    const { value, redactions } = redactRecorded({ ek: ['k=tok-1234567890abcdef'] }, env);
    expect(() => restoreRedacted(value, redactions, { PATH: '/bin' }, 'run.json')).toThrow(
      expect.objectContaining({ code: 'USAGE', message: expect.stringContaining('$MY_TOKEN') }),
    );
  });
});
