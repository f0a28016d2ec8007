import type { EngineCredential } from '@skill-eval/core';

/** `API key OPENAI_API_KEY (environment)`, `ChatGPT login (/home/me/.codex/auth.json)`: what, in what, from where. */
export function describeCredential(
  credential: EngineCredential | undefined,
  sources: ReadonlyMap<string, string>,
): string | null {
  if (!credential) return null;
  if (credential.variable) {
    const from = sources.get(credential.variable) ?? 'environment';
    return `${credential.kind} ${credential.variable} (${from}${credential.file ? `, ${credential.file}` : ''})`;
  }
  return credential.file ? `${credential.kind} (${credential.file})` : credential.kind;
}
