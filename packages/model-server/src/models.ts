import type { JsonObject } from './api-adapter.js';

/** Listed by `GET /v1/models` when the script names none. */
export const DEFAULT_MODELS = ['claude-opus-5-5', 'claude-sonnet-4-5', 'claude-haiku-4-5', 'gpt-5.5', 'gpt-5-mini'];

const CREATED = '2025-01-01T00:00:00Z';

/** Anthropic's model list page. */
export function anthropicModels(ids: string[]): JsonObject {
  const data = ids.map((id) => anthropicModel(id));
  return { data, has_more: false, first_id: ids[0] ?? null, last_id: ids.at(-1) ?? null };
}

export function anthropicModel(id: string): JsonObject {
  return { type: 'model', id, display_name: id, created_at: CREATED };
}

/** OpenAI's model list. */
export function openaiModels(ids: string[]): JsonObject {
  return { object: 'list', data: ids.map((id) => openaiModel(id)) };
}

export function openaiModel(id: string): JsonObject {
  return { id, object: 'model', created: Date.parse(CREATED) / 1000, owned_by: 'skill-eval-fake' };
}
