import { agentvPairs } from './agentv-pairs.js';
import { describeDifferential } from './describe-differential.js';
import { AGENTV_VECTORS } from './peer-vectors.js';
import { agentvVerdicts } from './peers/agentv-peer.js';
import { skillEvalAgentvVerdicts } from './skill-eval-agentv.js';

describeDifferential(
  'skill-eval against AgentV 4.42.4',
  'agentv',
  [...agentvPairs(), ...AGENTV_VECTORS.pairs],
  agentvVerdicts,
  skillEvalAgentvVerdicts,
  AGENTV_VECTORS.expected,
);
