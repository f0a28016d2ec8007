import { join } from 'node:path';
import { endpointVariables, MODEL_ENDPOINTS, type ModelApi, modelEndpoints, redactorOf } from '@skill-eval/core';
import { writeHarnessFileAtomically } from '@skill-eval/engine-kit/agent-files';
import { judgeScope, type Recording, startRecordingProxy } from '@skill-eval/model-server';
import { judgeFamily } from './copilot-route.js';
import { redactEventStream } from './redact-event-stream.js';
import type { ModelTraffic, TrafficContext } from './traffic-context.js';

/**
 * `run --record`: a proxy on 127.0.0.1 stands between every execution (and its judge) and the real endpoint,
 * and each execution's exchanges are written to `<run>/recordings/<execution>.json` as it ends.
 */
export async function startRecording(context: TrafficContext): Promise<ModelTraffic> {
  const { io, judge } = context;
  const engineUpstream = (api: ModelApi) => modelEndpoints(io.env)[api];
  // The judge would have called its own baseUrl, else (API judges read the process environment) the variable.
  const judgeUpstream = (api: ModelApi) =>
    judge?.baseUrl ?? (process.env[MODEL_ENDPOINTS[api].variable] || engineUpstream(api));
  const proxy = await startRecordingProxy({
    upstream: (scope, api) => (scope.endsWith('.judge') ? judgeUpstream(api) : engineUpstream(api)),
  });
  const redact = redactorOf({ ...process.env, ...io.env });
  const family = judge ? judgeFamily(judge, io.env) : undefined;
  if (judge && !family) {
    io.stderr.write(
      `skill-eval: the judge engine ${judge.engineId} cannot be routed through the recorder; its calls are not recorded.\n`,
    );
  }
  const dir = join(context.outDir, 'recordings');

  return {
    route: {
      env: (executionId) => endpointVariables(proxy.baseUrls(executionId)),
      ...(judge && family
        ? { judge: (executionId: string) => judge.create(proxy.baseUrls(judgeScope(executionId))[family], io.env) }
        : {}),
    },
    reporters: [
      {
        async onResult(result) {
          const id = result.executionId;
          const scopes = { [id]: proxy.take(id), [judgeScope(id)]: proxy.take(judgeScope(id)) };
          if (Object.values(scopes).every((list) => list.length === 0)) return;
          for (const exchange of Object.values(scopes).flat()) {
            const answer = exchange.response;
            if (answer.encoding === 'utf8') answer.body = redactEventStream(answer.body, redact.secrets);
          }
          const recording: Recording = { version: 1, executionId: id, scopes };
          // Into the run directory, which a resumed run may have from someone else: no link on the way or at the
          // name is written through.
          const text = `${JSON.stringify(redact(recording), null, 2)}\n`;
          await writeHarnessFileAtomically(context.outDir, join(dir, `${id}.json`), text);
        },
      },
    ],
    close: () => proxy.close(),
  };
}
