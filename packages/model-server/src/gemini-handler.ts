import type { ApiAdapter, JsonObject } from './api-adapter.js';
import { geminiError } from './gemini-error.js';
import { newId } from './ids.js';
import { contentText, isRecord, joinSystem, viewItems } from './request-view.js';
import { chunkText, startSse, writeSse } from './sse.js';

/**
 * The Gemini API (`POST /v1beta/models/<model>:generateContent`, and `:streamGenerateContent?alt=sse`), as
 * `@google/genai` and the Gemini CLI consume it. The model is in the path, not the body: the route passes it in as
 * `model`. A function call's `id` is echoed back on its `functionResponse` (genai's `FunctionCall.id`), so `cycle`
 * conversations keep their list. Step = runs of `role: "model"` contents; a `functionResponse` comes back in a
 * `role: "user"` content and ends the run.
 */
export const geminiHandler: ApiAdapter = {
  api: 'gemini',

  view(body) {
    const contents = Array.isArray(body.contents) ? body.contents : [];
    const walked = viewItems(
      contents,
      (content) => (content.role === 'model' ? 'model' : hasFunctionResponse(content) ? 'other' : 'user'),
      (content) => contentText(content.parts),
    );
    const system = isRecord(body.systemInstruction)
      ? contentText(body.systemInstruction.parts)
      : body.systemInstruction;
    const tools = Array.isArray(body.tools) ? body.tools.filter(isRecord) : [];
    return {
      userText: walked.userText,
      prompt: walked.prompt,
      step: walked.step,
      systemText: joinSystem([system]),
      hasTools: tools.some((tool) => Array.isArray(tool.functionDeclarations) && tool.functionDeclarations.length > 0),
      model: String(body.model ?? ''),
    };
  },

  build(response, { body, usage }) {
    const calls = response.toolCalls ?? [];
    const parts: JsonObject[] = [];
    if (response.reasoning !== undefined && thinkingIncluded(body)) {
      parts.push({ text: response.reasoning, thought: true });
    }
    if (response.text !== undefined || calls.length === 0) parts.push({ text: response.text ?? '' });
    for (const call of calls) {
      // Gemini has no freeform tools: a custom call's raw text rides in `args.input`, as for Anthropic.
      const args = typeof call.input === 'string' ? { input: call.input } : (call.input ?? {});
      parts.push({ functionCall: { id: call.id ?? newId('call_'), name: call.name, args } });
    }
    return {
      candidates: [
        {
          content: { role: 'model', parts },
          finishReason: response.stopReason ?? 'STOP',
          index: 0,
        },
      ],
      usageMetadata: {
        // Gemini counts cached tokens inside the prompt, and thoughts apart from the candidates.
        promptTokenCount: usage.input + usage.cacheRead,
        candidatesTokenCount: Math.max(0, usage.output - usage.reasoning),
        totalTokenCount: usage.input + usage.cacheRead + usage.output,
        ...(usage.cacheRead > 0 ? { cachedContentTokenCount: usage.cacheRead } : {}),
        ...(usage.reasoning > 0 ? { thoughtsTokenCount: usage.reasoning } : {}),
      },
      modelVersion: String(body.model ?? 'gemini-fake'),
      responseId: newId('', 22),
    };
  },

  isNative: (raw) => Array.isArray(raw.candidates),

  stream(res, response) {
    startSse(res);
    const candidate =
      Array.isArray(response.candidates) && isRecord(response.candidates[0]) ? response.candidates[0] : {};
    const content = isRecord(candidate.content) ? candidate.content : {};
    const parts = Array.isArray(content.parts) ? content.parts.filter(isRecord) : [];
    const { candidates: _candidates, usageMetadata, ...rest } = response;
    // Text arrives in pieces the client must join; each function call comes whole, in one chunk, as the real API
    // sends it. Only the last chunk carries the finish reason and the usage.
    const chunks = parts.flatMap((part) =>
      typeof part.text === 'string' && part.functionCall === undefined
        ? chunkText(part.text).map((text) => ({ ...part, text }))
        : [part],
    );
    if (chunks.length === 0) chunks.push({ text: '' });
    chunks.forEach((part, index) => {
      const last = index === chunks.length - 1;
      writeSse(res, undefined, {
        candidates: [
          {
            content: { role: 'model', parts: [part] },
            ...(last ? { finishReason: candidate.finishReason ?? 'STOP' } : {}),
            index: 0,
          },
        ],
        ...(last && usageMetadata !== undefined ? { usageMetadata } : {}),
        ...rest,
      });
    });
    res.end();
  },

  error: geminiError,
};

/** A `role: "user"` content that carries function results, not user words. */
function hasFunctionResponse(content: Record<string, unknown>): boolean {
  return Array.isArray(content.parts) && content.parts.some((part) => isRecord(part) && part.functionResponse);
}

/** Thought parts are sent only when the request asks for them (`thinkingConfig.includeThoughts`). */
function thinkingIncluded(body: JsonObject): boolean {
  const config = isRecord(body.generationConfig) ? body.generationConfig : {};
  return isRecord(config.thinkingConfig) && config.thinkingConfig.includeThoughts === true;
}
