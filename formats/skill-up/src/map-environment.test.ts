import { afterEach, describe, expect, it } from 'vitest';
import { SKILL_MD, stage } from './test-support/corpus.js';

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});
function load(environment: string[]) {
  const s = stage({
    'SKILL.md': SKILL_MD,
    'evals/eval.yaml': [
      'schema_version: v1alpha1',
      'environment:',
      ...environment.map((l) => `  ${l}`),
      'cases:',
      '  files: [evals/cases/a.yaml]',
    ].join('\n'),
    'evals/cases/a.yaml': 'input: {prompt: A}\nexpect: {exit_code: 0}\n',
  });
  cleanup = s.cleanup;
  return s.load('evals/eval.yaml');
}
const messages = (loaded: ReturnType<typeof load>) => loaded.diagnostics.map((d) => [d.severity, d.ruleId, d.line]);

describe("skill-up's environment", () => {
  it('type: docker runs every case in the docker environment, with its fields as settings', () => {
    const loaded = load([
      'type: docker',
      'image: python:3.12-slim',
      'workspace_mount: /src',
      'env: {LANG: C.UTF-8}',
      'entrypoint: [sleep, infinity]',
      'network_policy: deny_all',
      'ready_timeout_seconds: 20',
      'setup_steps: [{run: pip install -r requirements.txt}]',
    ]);
    expect(loaded.diagnostics).toEqual([]);
    const testCase = loaded.suites[0]!.cases[0]!;
    expect(testCase.environment).toEqual({
      type: 'docker',
      settings: {
        image: 'python:3.12-slim',
        workspaceMount: '/src',
        env: { LANG: 'C.UTF-8' },
        entrypoint: ['sleep', 'infinity'],
        readyTimeoutSeconds: 20,
        network: 'deny',
      },
      // Each setting at the field it came from (line 2 is `environment:`), for the policy's messages.
      source: {
        file: expect.stringMatching(/evals\/eval\.yaml$/),
        line: 3,
        column: 3,
        fields: {
          type: { line: 3, column: 9 },
          image: { line: 4, column: 10 },
          workspaceMount: { line: 5, column: 20 },
          env: { line: 6, column: 8 },
          entrypoint: { line: 7, column: 15 },
          network: { line: 8, column: 19 },
          readyTimeoutSeconds: { line: 9, column: 26 },
        },
      },
    });
    // setup_steps run in every case's workspace, which is then inside the container.
    expect(testCase.workspace.setup).toEqual(['pip install -r requirements.txt']);
  });

  it('type: opensandbox takes its kwargs, sandbox_template and allowed egress', () => {
    const loaded = load([
      'type: opensandbox',
      'sandbox_template: tmpl:1',
      'kwargs: {base_url: "https://osb.example", file_transfer_parallelism: "16", request_timeout_seconds: "9", extensions: \'{"queue":"fast"}\', other: x}',
      'network_policy: allow_declared',
      'allowed_egress: [pypi.org]',
      'metadata: {team: evals}',
      'use_server_proxy: true',
    ]);
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.suites[0]!.cases[0]!.environment).toEqual({
      type: 'opensandbox',
      settings: {
        image: 'tmpl:1',
        allowedEgress: ['pypi.org'],
        metadata: { team: 'evals' },
        useServerProxy: true,
        baseUrl: 'https://osb.example',
        fileTransferParallelism: 16,
        requestTimeoutSeconds: 9,
        extensions: { queue: 'fast' },
        network: 'deny',
      },
      source: expect.anything(),
    });
    // A kwarg's setting is at the kwarg, an image from sandbox_template at that field.
    expect(loaded.suites[0]!.cases[0]!.environment?.source?.fields).toMatchObject({
      baseUrl: { line: 5, column: 22 },
      image: { line: 4, column: 21 },
      allowedEgress: { line: 7, column: 19 },
    });
  });

  it('refuses allow_declared on docker and a container without an image, at their lines, as skill-up does', () => {
    expect(messages(load(['type: docker', 'image: a:1', 'network_policy: allow_declared']))).toEqual([
      ['error', 'skill-up/bad-value', 5],
    ]);
    expect(messages(load(['type: docker']))).toEqual([['error', 'skill-up/missing-key', 3]]);
  });

  it('type: none keeps the local workspace and says which fields it ignores', () => {
    const loaded = load(['type: none', 'image: a:1']);
    expect(loaded.suites[0]!.cases[0]!.environment).toBeUndefined();
    expect(messages(loaded)).toEqual([['warning', 'skill-up/not-honoured', 4]]);
  });
});
