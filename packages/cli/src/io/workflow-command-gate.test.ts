import { describe, expect, it } from 'vitest';
import { runnerCommands } from '../test-support/actions-runner.js';
import { gateWorkflowCommands, inertJson } from './workflow-command-gate.js';

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
    const err = sink();
    expect(gateWorkflowCommands({}, { stdout: out.stream, stderr: err.stream })).toBeUndefined();
    expect(
      gateWorkflowCommands({ GITHUB_ACTIONS: 'false' }, { stdout: out.stream, stderr: err.stream }),
    ).toBeUndefined();
    expect(out.text() + err.text()).toBe('');
  });

  it('lets the runner read commands only from the commands stream, and switches them on again at the end', () => {
    // The step's output in the order it was written, stdout and stderr alike, as the runner reads it.
    const step = sink();
    const gate = gateWorkflowCommands({ GITHUB_ACTIONS: 'true' }, { stdout: step.stream, stderr: step.stream })!;
    step.stream.write('✗ FAIL suite › x\n::error file=forged::FORGED\nname ##[add-mask]FAIL\n');
    const commands = gate.commands(step.stream);
    commands.write('::error file=evals/a.yaml,line=3::the case failed\n');
    commands.write('::error file=evals/a.yaml,line=9::no line feed at the end');
    step.stream.write('::stop-commands::guessed\n##[set-output name=x;]1\n');
    gate.close();
    gate.close();
    step.stream.write('::notice::after skill-eval\n');
    const read = runnerCommands(step.text());
    expect(read.commands.map((c) => [c.command, c.properties.file ?? '', c.data])).toEqual([
      ['error', 'evals/a.yaml', 'the case failed'],
      ['error', 'evals/a.yaml', 'no line feed at the end'],
      ['notice', '', 'after skill-eval'],
    ]);
    expect(read.stopped).toBe(false);
  });

  it('writes no stop line on a stdout that carries JSON alone, and keeps that JSON inert and the same', () => {
    const out = sink();
    const err = sink();
    gateWorkflowCommands({ GITHUB_ACTIONS: 'true' }, { stdout: out.stream, stderr: err.stream }, { jsonOut: true });
    expect(out.text()).toBe('');
    expect(err.text()).toMatch(/^::stop-commands::/);
    const value = { name: 'a ##[add-mask]FAIL', list: ['::error::x', '##[##['] };
    const printed = inertJson(JSON.stringify(value, null, 2));
    expect(JSON.parse(printed)).toEqual(value);
    expect(runnerCommands(printed).commands).toEqual([]);
  });

  it('makes a token no one can guess for each stop', () => {
    const out = sink();
    const err = sink();
    const gate = gateWorkflowCommands({ GITHUB_ACTIONS: 'true' }, { stdout: out.stream, stderr: err.stream })!;
    gate.commands(out.stream).write('::error::one\n');
    const tokens = [...out.text().matchAll(/::stop-commands::(.+)\n/g)].map((m) => m[1]);
    expect(tokens).toHaveLength(2);
    expect(new Set(tokens).size).toBe(2);
    for (const token of tokens) expect(token).toMatch(/^skill-eval-[0-9a-f]{32}$/);
  });
});
