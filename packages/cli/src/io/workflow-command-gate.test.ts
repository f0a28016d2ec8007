import { describe, expect, it } from 'vitest';
import { runnerCommands } from '../test-support/actions-runner.js';
import { gateWorkflowCommands } from './workflow-command-gate.js';

/** A stream keeping what was written, in order. */
function sink() {
  let text = '';
  return {
    stream: {
      write(chunk: unknown) {
        text += String(chunk);
        return true;
      },
    } as unknown as NodeJS.WritableStream,
    text: () => text,
  };
}

describe('gateWorkflowCommands', () => {
  it('leaves output alone outside GitHub Actions', () => {
    const out = sink();
    expect(gateWorkflowCommands({}, out.stream)).toBeUndefined();
    expect(gateWorkflowCommands({ GITHUB_ACTIONS: 'false' }, out.stream)).toBeUndefined();
    expect(out.text()).toBe('');
  });

  it('lets the runner read commands only from the commands stream, and switches them on again at the end', () => {
    const out = sink();
    const gate = gateWorkflowCommands({ GITHUB_ACTIONS: 'true' }, out.stream)!;
    out.stream.write('✗ FAIL suite › x\n::error file=forged::FORGED\nname ##[add-mask]FAIL\n');
    const commands = gate.commands(out.stream);
    commands.write('::error file=evals/a.yaml,line=3::the case failed\n');
    commands.write('::error file=evals/a.yaml,line=9::no line feed at the end');
    out.stream.write('::stop-commands::guessed\n##[set-output name=x;]1\n');
    gate.close();
    gate.close();
    out.stream.write('::notice::after skill-eval\n');
    const read = runnerCommands(out.text());
    expect(read.commands.map((c) => [c.command, c.properties.file ?? '', c.data])).toEqual([
      ['error', 'evals/a.yaml', 'the case failed'],
      ['error', 'evals/a.yaml', 'no line feed at the end'],
      ['notice', '', 'after skill-eval'],
    ]);
    expect(read.stopped).toBe(false);
  });

  it('makes a token no one can guess for each stop', () => {
    const out = sink();
    const gate = gateWorkflowCommands({ GITHUB_ACTIONS: 'true' }, out.stream)!;
    gate.commands(out.stream).write('::error::one\n');
    const tokens = [...out.text().matchAll(/::stop-commands::(.+)\n/g)].map((m) => m[1]);
    expect(tokens).toHaveLength(2);
    expect(new Set(tokens).size).toBe(2);
    for (const token of tokens) expect(token).toMatch(/^skill-eval-[0-9a-f]{32}$/);
  });
});
