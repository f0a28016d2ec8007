import {
  endpointVariables,
  MODEL_APIS,
  MODEL_ENDPOINTS,
  mapApis,
  readRegularText,
  SkillEvalError,
} from '@skill-eval/core';
import { judgeScope, type RecordedExchange, RecordingSchema, startFakeModelServer } from '@skill-eval/model-server';
import { copilotReplayEnv, judgeFamily } from './copilot-route.js';
import { GEMINI_REPLAY_ENV } from './gemini-route.js';
import { recordingFiles } from './recording-files.js';
import type { ModelTraffic, TrafficContext } from './traffic-context.js';

/** The key every replayed engine and judge sends: nothing real ever leaves the machine. */
const REPLAY_KEY = 'skill-eval-replay';
const KEY_VARIABLES = MODEL_APIS.map((api) => MODEL_ENDPOINTS[api].keyVariable);

/** Every recorded exchange of a run directory, by scope. */
export async function readRecordings(runDir: string): Promise<Record<string, RecordedExchange[]>> {
  const scopes: Record<string, RecordedExchange[]> = {};
  for (const file of await recordingFiles(runDir)) {
    let recording: ReturnType<typeof RecordingSchema.parse>;
    try {
      // A recorded run directory is someone else's: a recording that is a link, a FIFO or too large is refused, at once.
      recording = RecordingSchema.parse(JSON.parse(await readRegularText(file)));
    } catch (cause) {
      throw new SkillEvalError('BAD_INPUT', `${file} is not a recording skill-eval can replay.`, {
        cause,
        hint: 'Recordings are written by skill-eval run --record; record the run again.',
      });
    }
    refuseRedirects(file, recording.scopes);
    Object.assign(scopes, recording.scopes);
  }
  return scopes;
}

/**
 * A recorded redirect is refused: replayed, it would send the engine's request — key and all — to the host it names
 * (a recording is untrusted: anyone may commit one). A real model endpoint never answers with one.
 */
function refuseRedirects(file: string, scopes: Record<string, RecordedExchange[]>): void {
  for (const [scope, exchanges] of Object.entries(scopes)) {
    const location = (e: RecordedExchange) =>
      Object.entries(e.response.headers).find(([name]) => name.toLowerCase() === 'location')?.[1];
    const redirect = exchanges.find(
      (e) => (e.response.status >= 300 && e.response.status < 400) || location(e) !== undefined,
    );
    if (!redirect) continue;
    const { status } = redirect.response;
    const to = location(redirect) === undefined ? '' : ` to ${JSON.stringify(location(redirect))}`;
    throw new SkillEvalError(
      'BAD_INPUT',
      `${file} records a redirect (${status}${to}) answering ${redirect.method} ${redirect.path} of ${scope}; --replay never follows one, nor sends it to an engine.`,
      { hint: 'Delete this recording, or record the run again against an endpoint that answers directly.' },
    );
  }
}

/**
 * `run --replay <runDir>`: a fake model server on 127.0.0.1 answers every execution (and its judge) with the
 * recorded answers, byte for byte — offline, free and deterministic. Every key sent is a placeholder.
 */
export async function startReplay(runDir: string, context: TrafficContext): Promise<ModelTraffic> {
  const { io, judge } = context;
  const family = judge ? judgeFamily(judge, io.env) : undefined;
  if (judge && !family) {
    throw new SkillEvalError(
      'USAGE',
      `--replay cannot redirect the judge engine ${judge.engineId} to the recordings.`,
      {
        hint: 'Record and replay with a judge on anthropic, claude-code, openai, codex, gemini-cli or copilot.',
      },
    );
  }
  const server = await startFakeModelServer({ recorded: await readRecordings(runDir) });
  const keys = Object.fromEntries(KEY_VARIABLES.map((name) => [name, REPLAY_KEY]));
  // API judges read their key from the process environment; a missing one is filled in for the run's length.
  const filled = KEY_VARIABLES.filter((name) => !process.env[name]);
  for (const name of filled) process.env[name] = REPLAY_KEY;
  const at = (scope: string) => `${server.url}/x/${encodeURIComponent(scope)}`;
  // The fake server lays out each API's routes as its real endpoint does: a base URL carries the API's path prefix.
  const urls = (scope: string) => mapApis((api) => `${at(scope)}${MODEL_ENDPOINTS[api].pathPrefix}`);

  return {
    route: {
      env: (executionId) => ({
        ...keys,
        ANTHROPIC_AUTH_TOKEN: undefined,
        ...endpointVariables(urls(executionId)),
        ...copilotReplayEnv(urls(executionId).openai),
        ...GEMINI_REPLAY_ENV,
      }),
      ...(judge && family
        ? {
            judge: (executionId: string) =>
              judge.create(urls(judgeScope(executionId))[family], {
                ...io.env,
                ...keys,
                ...copilotReplayEnv(urls(judgeScope(executionId)).openai),
                ...GEMINI_REPLAY_ENV,
              }),
          }
        : {}),
    },
    reporters: [],
    async close() {
      for (const name of filled) delete process.env[name];
      await server.close();
    },
  };
}
