// Scripted and recorded model servers on 127.0.0.1: the fake model of the demo and the tests, and the recording
// proxy and recordings behind `run --record` and `run --replay`.
export type { FakeApi } from './api-adapter.js';
export {
  judgeScope,
  type RecordedExchange,
  type Recording,
  RecordingSchema,
} from './exchange.js';
export {
  type RecordingProxy,
  type RecordingProxyOptions,
  startRecordingProxy,
  type UpstreamApi,
} from './record-proxy.js';
export {
  type FakeConversation,
  type FakeError,
  type FakeMatch,
  type FakeResponse,
  type FakeScript,
  FakeScriptSchema,
  type FakeToolCall,
  type FakeUsage,
  loadFakeScript,
  mergeFakeScripts,
} from './script.js';
export {
  type FakeModelServer,
  type FakeModelServerOptions,
  type RecordedRequest,
  startFakeModelServer,
} from './server.js';
