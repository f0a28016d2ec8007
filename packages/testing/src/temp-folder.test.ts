import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tempFolder } from './temp-folder.js';

const madeAtTop = tempFolder('temp-folder-test-');
let madeInTest = '';

describe('tempFolder', () => {
  it('is there while the test that made it runs', () => {
    madeInTest = tempFolder('temp-folder-test-');
    expect(existsSync(madeInTest)).toBe(true);
    expect(existsSync(madeAtTop)).toBe(true);
  });

  it("is gone once that test has ended; one made outside a test stays while its file's tests run", () => {
    expect(madeInTest).not.toBe('');
    expect(existsSync(madeInTest)).toBe(false);
    expect(existsSync(madeAtTop)).toBe(true);
  });
});
