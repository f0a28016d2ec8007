import { SkillEvalError } from '@skill-eval/core';
import type { EngineTarget } from '@skill-eval/runner';
import type { RoutableJudge } from './traffic-context.js';

/**
 * How record and replay reach the gemini-cli engine. gemini talks to the Gemini API — at `GOOGLE_GEMINI_BASE_URL`, the
 * variable both modes set — only on a Gemini API key. Switched to Vertex AI (`GOOGLE_GENAI_USE_VERTEXAI=true`, which
 * gemini reads before any key) or on a "Login with Google", it talks to Google Cloud's endpoints, which neither mode
 * redirects (engine-gemini-cli's gemini-credentials.ts, geminiAuth, in gemini's own order).
 */
export const GEMINI_ENGINE = 'gemini-cli';

type Env = Readonly<Record<string, string | undefined>>;

/** Why gemini's traffic would not go through the recorder with this environment; undefined when it would. */
function unroutable(env: Env): string | undefined {
  if (env.GOOGLE_GENAI_USE_VERTEXAI?.trim().toLowerCase() === 'true') {
    return 'GOOGLE_GENAI_USE_VERTEXAI=true sends it to Vertex AI';
  }
  if (!env.GEMINI_API_KEY) return 'without GEMINI_API_KEY it runs on a "Login with Google", through Google Cloud';
  return undefined;
}

/** `--record` of gemini-cli (an engine or the judge) is refused where its calls would bypass the recorder. */
export function assertGeminiRecordable(targets: readonly EngineTarget[], judge: RoutableJudge | undefined, env: Env) {
  const named = targets.filter((target) => target.engine.id === GEMINI_ENGINE).map((target) => target.id);
  if (judge?.engineId === GEMINI_ENGINE && judge.baseUrl === undefined) named.push(`${GEMINI_ENGINE} (the judge)`);
  const why = unroutable(env);
  if (named.length === 0 || why === undefined) return;
  throw new SkillEvalError(
    'USAGE',
    `--record cannot redirect engine ${named.join(', ')}: ${why}, which is not recorded.`,
    {
      hint: 'Record it on a Gemini API key: GEMINI_API_KEY (and GOOGLE_GEMINI_BASE_URL), with GOOGLE_GENAI_USE_VERTEXAI unset.',
    },
  );
}

/**
 * What a replayed execution adds for gemini: Vertex AI switched off, so that the placeholder Gemini API key is the
 * credential it runs with and the replay server the endpoint it calls — never Google Cloud with the user's login.
 */
export const GEMINI_REPLAY_ENV: Readonly<Record<string, undefined>> = { GOOGLE_GENAI_USE_VERTEXAI: undefined };
