// The loader skill-eval compares its AgentV reading with (packages/differential/src/agentv-loaders.ts).
export { loadTests, loadTestSuite } from './packages/core/src/evaluation/yaml-parser.js';
