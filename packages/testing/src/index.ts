// Test support for skill-eval plugins. The fake model server is @skill-eval/model-server's, re-exported here so a
// plugin's tests need one package: the scripted server and its script types (record and replay stay there).
export {
  type FakeApi,
  type FakeConversation,
  type FakeError,
  type FakeMatch,
  type FakeModelServer,
  type FakeModelServerOptions,
  type FakeResponse,
  type FakeScript,
  FakeScriptSchema,
  type FakeToolCall,
  type FakeUsage,
  loadFakeScript,
  mergeFakeScripts,
  type RecordedRequest,
  startFakeModelServer,
} from '@skill-eval/model-server';
export { type CriteriaJudge, criteriaJudge } from './criteria-judge.js';
export { makeGitRepository } from './git-repository.js';
export { type HearingServer, startHearingServer } from './hearing-server.js';
export { mutatedText } from './mutated-text.js';
export { waitingFifo } from './waiting-fifo.js';
