import { describe, expect, it } from 'vitest';
import { lineCount, runnerCommandsInBatches, type StepWrite } from '../test-support/actions-runner.js';
import { guardedIO } from './guarded-io.js';
import { InertCommandText } from './inert-command-text.js';

/** A step's stdout and stderr, keeping every write in the order it was made. */
function step() {
  const writes: StepWrite[] = [];
  const stream = (name: StepWrite['stream']) =>
    ({
      write(chunk: unknown) {
        writes.push({ stream: name, text: String(chunk) });
        return true;
      },
    }) as unknown as NodeJS.WritableStream;
  return { writes, stdout: stream('stdout'), stderr: stream('stderr') };
}

describe('guardedIO in a GitHub Actions step', () => {
  it('lets the runner act on its own annotations only, however it batches the two streams', async () => {
    const { writes, stdout, stderr } = step();
    const io = guardedIO({ cwd: '/', env: { GITHUB_ACTIONS: 'true' }, stdout, stderr });
    await io.arm();
    // As `run` prints: diagnostics that quote eval files on stderr, the console reporter (raw) and the annotations on
    // stdout, then text of eval files after the annotations, on both.
    io.stderr.write('warning: suite a ##[error]FORGED on stderr\n');
    io.raw!.stdout.write('✗ FAIL a › ::error::FORGED by the reporter? no: mid-line\n  ::warning::FORGED indented\n');
    io.workflowCommands!(io.raw!.stdout).write('::error file=evals/a.yaml,line=3::the case failed\n');
    io.stderr.write('::error::FORGED after the annotation\n');
    io.stdout.write('case ##');
    io.stdout.write('[add-mask]FAIL, split between two writes\n:');
    io.stdout.write(':notice::FORGED, split too\n');
    io.disarm();
    const lines = lineCount(writes);
    expect(lines).toBeLessThanOrEqual(16);
    // Every way to end batches among these lines: each line is a place the runner could have woken.
    for (let cuts = 0; cuts < 2 ** lines; cuts++) {
      const cutAfter = new Set([...Array(lines).keys()].filter((index) => cuts & (1 << index)));
      const read = runnerCommandsInBatches(writes, cutAfter);
      expect(
        read.commands.map((c) => `${c.command} ${c.data}`),
        `batches ending after lines ${[...cutAfter].join(', ')}`,
      ).toEqual(['error the case failed']);
      expect(read.stopped).toBe(false);
    }
  });

  it('prints the same characters a reader of the log sees, and leaves output alone outside a step', async () => {
    const { writes, stdout, stderr } = step();
    const io = guardedIO({ cwd: '/', env: { GITHUB_ACTIONS: 'true' }, stdout, stderr });
    await io.arm();
    io.stdout.write('::error::x ##[y]\n');
    const printed = writes.at(-1)!.text;
    expect(printed).not.toBe('::error::x ##[y]\n');
    expect(printed.replaceAll('\u200b', '')).toBe('::error::x ##[y]\n');
    const outside = step();
    const plain = guardedIO({ cwd: '/', env: {}, stdout: outside.stdout, stderr: outside.stderr });
    await plain.arm();
    plain.stdout.write('::error::x ##[y]\n');
    expect(outside.writes).toEqual([{ stream: 'stdout', text: '::error::x ##[y]\n' }]);
  });
});

describe('InertCommandText', () => {
  const inert = (...writes: string[]) => {
    const text = new InertCommandText();
    return writes.map((write) => text.inert(write)).join('');
  };

  it('breaks `::` at the start of a line after .NET white space, and `##[` anywhere, across writes too', () => {
    expect(inert('::a')).toBe(':\u200b:a');
    expect(inert(' \t\u0085\u3000::a')).toBe(' \t\u0085\u3000:\u200b:a');
    expect(inert('x\r::a\r\n##[b')).toBe('x\r:\u200b:a\r\n##\u200b[b');
    expect(inert(':', ':a')).toBe(':\u200b:a');
    expect(inert('#', '#', '[')).toBe('##\u200b[');
  });

  it('leaves every other text as it is', () => {
    for (const text of ['a::b', 'x :: y', '# [', '#[', '## [', ':a:', '\u200b::a', 'a\n:b\n#']) {
      expect(inert(text), text).toBe(text);
    }
  });
});
