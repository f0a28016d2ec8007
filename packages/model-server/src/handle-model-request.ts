import type { IncomingMessage, ServerResponse } from 'node:http';
import { anthropicHandler } from './anthropic-handler.js';
import type { ApiAdapter } from './api-adapter.js';
import type { CycleMemory } from './cycle-memory.js';
import { anthropicModel, anthropicModels, DEFAULT_MODELS, openaiModel, openaiModels } from './models.js';
import { openaiResponsesHandler } from './openai-responses-handler.js';
import { type ReadBody, readBody } from './read-body.js';
import type { RecordedReplies } from './recorded-replies.js';
import type { RecordedRequest } from './recorded-request.js';
import { isRecord } from './request-view.js';
import { answerModelRequest } from './respond.js';
import { modelRoute, modelTurn, splitScope } from './routes.js';
import type { ParsedFakeScript } from './script.js';
import { sendRecorded } from './send-recorded.js';
import { sendJson } from './sse.js';
import { estimateTokens } from './usage.js';

/** What the server answers from; `setScript` replaces it between requests. */
export interface ModelServerState {
  script: ParsedFakeScript;
  cycles: CycleMemory;
  /** Present when the script replays recorded exchanges. */
  replies?: RecordedReplies;
  requests: RecordedRequest[];
  /** Aborted when the server closes: streams still open end. */
  closing: AbortSignal;
  log: (line: string) => void;
}

/** One request as the fake server sees it: recorded, then answered from recordings, the script, or its own routes. */
export async function handleModelRequest(req: IncomingMessage, res: ServerResponse, state: ModelServerState) {
  const url = req.url ?? '/';
  const scoped = splitScope(new URL(url, 'http://127.0.0.1').pathname);
  const path = scoped.path.replace(/(.)\/+$/, '$1');
  const method = req.method ?? 'GET';
  const read = await readBody(req);
  const adapter = modelRoute(method, path);
  const anthropicClient = path.startsWith('/v1/messages') || 'anthropic-version' in req.headers;
  const api: RecordedRequest['api'] =
    adapter?.api ?? (anthropicClient && path.startsWith('/v1/') ? 'anthropic' : 'other');
  const record: RecordedRequest = {
    method,
    path,
    ...(scoped.scope === undefined ? {} : { scope: scoped.scope }),
    url,
    headers: req.headers,
    body: read.json ?? read.text,
    api,
    at: Date.now(),
  };
  state.requests.push(record);
  res.on('close', () => {
    const turn = record.conversation === undefined ? '' : ` ${record.conversation}#${record.step}`;
    state.log(
      `${method} ${url}${turn} → ${res.writableFinished ? res.statusCode : 'closed unanswered'} ${Date.now() - record.at}ms`,
    );
  });
  // Errors and unknown routes answer in the shape of the client's API.
  const errorShape = adapter ?? (anthropicClient ? anthropicHandler : openaiResponsesHandler);
  if (state.replies) return answerFromRecordings(res, state.replies, record, read, errorShape);
  if (adapter) return answerFromScript(res, adapter, record, read, state);
  return answerOtherRoute(res, record, read, { anthropicClient, script: state.script, errorShape });
}

/** Replays the recorded exchange that matches the request, or says why none does. */
function answerFromRecordings(
  res: ServerResponse,
  replies: RecordedReplies,
  record: RecordedRequest,
  read: ReadBody,
  errorShape: ApiAdapter,
) {
  const turn = modelTurn(record.method, record.path, read.json);
  const found = replies.take(record.scope, { method: record.method, path: record.path, ...turn });
  if (turn.step !== undefined) record.step = turn.step;
  if ('exchange' in found) return sendRecorded(res, found.exchange.response);
  const reply = errorShape.error(400, found.problem);
  return sendJson(res, reply.status, reply.body, reply.headers);
}

/** Answers a model call (messages, responses, chat completions) as the script says. */
function answerFromScript(
  res: ServerResponse,
  adapter: ApiAdapter,
  record: RecordedRequest,
  read: ReadBody,
  state: ModelServerState,
) {
  if (!isRecord(read.json)) {
    const reply = adapter.error(400, `fake model: ${read.problem ?? 'the body must be a JSON object'}`);
    return sendJson(res, reply.status, reply.body, reply.headers);
  }
  return answerModelRequest({
    adapter,
    res,
    body: read.json,
    bodyText: read.text,
    script: state.script,
    signal: state.closing,
    onSelect: (selection) => {
      record.conversation = selection.conversation;
      record.step = selection.step;
      if (selection.cycle !== undefined) record.cycle = selection.cycle;
    },
    cycles: state.cycles,
  });
}

/** The routes around the model calls that clients ask for: token counts and the model list; anything else is 404. */
function answerOtherRoute(
  res: ServerResponse,
  { method, path }: RecordedRequest,
  read: ReadBody,
  {
    anthropicClient,
    script,
    errorShape,
  }: { anthropicClient: boolean; script: ParsedFakeScript; errorShape: ApiAdapter },
) {
  if (method === 'POST' && path === '/v1/messages/count_tokens') {
    return sendJson(res, 200, { input_tokens: estimateTokens(read.text) });
  }
  const models = script.models ?? DEFAULT_MODELS;
  if (method === 'GET' && path === '/v1/models') {
    return sendJson(res, 200, anthropicClient ? anthropicModels(models) : openaiModels(models));
  }
  const modelId = method === 'GET' && /^\/v1\/models\/([^/]+)$/.exec(path)?.[1];
  if (modelId) {
    const id = decodeURIComponent(modelId);
    return sendJson(res, 200, anthropicClient ? anthropicModel(id) : openaiModel(id));
  }
  const notFound = errorShape.error(404, `fake model: no route ${method} ${path}`);
  sendJson(res, notFound.status, notFound.body, notFound.headers);
}
