import { describe, expect, it } from 'vitest';
import { newRunName } from './run-name.js';

describe('newRunName', () => {
  it('names runs started in the same millisecond apart', () => {
    const now = new Date('2026-03-01T12:34:56.789Z');
    const names = new Set(Array.from({ length: 50 }, () => newRunName(now)));
    expect(names.size).toBe(50);
    for (const name of names) expect(name).toMatch(/^2026-03-01T12-34-56-789Z-[0-9a-f]{6}$/);
  });

  it('sorts runs in the order they started', () => {
    const times = ['2026-03-01T12:34:56.789Z', '2026-03-01T12:34:56.790Z', '2026-03-01T12:34:57.001Z'];
    const names = times.map((time) => newRunName(new Date(time)));
    expect([...names].sort()).toEqual(names);
  });
});
