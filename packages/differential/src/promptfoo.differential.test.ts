import { describeDifferential } from './describe-differential.js';
import { PROMPTFOO_VECTORS } from './peer-vectors.js';
import { promptfooVerdicts } from './peers/promptfoo-peer.js';
import { promptfooPairs } from './promptfoo-pairs.js';
import { skillEvalPromptfooVerdicts } from './skill-eval-promptfoo.js';

describeDifferential(
  'skill-eval against promptfoo 0.123.1',
  'promptfoo',
  [...promptfooPairs(), ...PROMPTFOO_VECTORS.pairs],
  promptfooVerdicts,
  skillEvalPromptfooVerdicts,
  PROMPTFOO_VECTORS.expected,
);
