import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIO } from '../test-support/capture-io.js';
import { writeCommandAgentSkill } from '../test-support/command-agent-skill.js';
import { readResults } from '../test-support/run-output.js';

let dir: string;
const kept: string[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skill-eval-cli-keep-'));
});
afterEach(() => {
  for (const workspace of kept.splice(0)) rmSync(workspace, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
});

describe('run --keep-workspaces', () => {
  it("keeps each execution's workspace (ws/, with the skill staged, and home/), and names it in the result's warnings", async () => {
    const args = [...writeCommandAgentSkill(dir), '--runs', '1', '--keep-workspaces', '--out', 'out'];
    const io = captureIO(dir);
    expect(await main(['run', ...args], io), io.err()).toBe(0);
    const warnings = readResults(join(dir, 'out')).flatMap((r) => r.session?.warnings ?? []);
    const places = warnings.flatMap((w) => /^Workspace kept at (.+)$/.exec(w.message)?.[1] ?? []);
    kept.push(...places);
    expect(places).toHaveLength(1);
    // results.jsonl carries each warning's kind.
    expect(warnings).toContainEqual({ kind: 'workspace', message: `Workspace kept at ${places[0]}` });
    expect(readFileSync(join(places[0]!, 'ws', '.agents', 'skills', 'greet', 'SKILL.md'), 'utf8')).toContain(
      'Say hello.',
    );
  }, 30_000);

  it('deletes them without it', async () => {
    const io = captureIO(dir);
    expect(await main(['run', ...writeCommandAgentSkill(dir), '--runs', '1', '--out', 'out'], io), io.err()).toBe(0);
    const warnings = readResults(join(dir, 'out')).flatMap((r) => r.session?.warnings ?? []);
    expect(warnings.filter((w) => w.message.startsWith('Workspace kept at'))).toEqual([]);
    expect(existsSync(join(dir, 'out', 'results.jsonl'))).toBe(true);
  }, 30_000);
});
