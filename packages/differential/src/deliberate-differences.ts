/** The peer a differential suite grades against. */
export type Peer = 'promptfoo' | 'agentv';

/** One place where skill-eval's verdict differs from a peer's on purpose, as docs/grading.md lists it. */
export interface DeliberateDifference {
  /** The first cell of its row in docs/grading.md's table of differences: what the case is. */
  readme: string;
  /** The ids of the pairs that show it, in each peer's suite where it shows. */
  pairs: Partial<Record<Peer, RegExp>>;
}

/**
 * Every difference docs/grading.md lists, with the pairs that show it: the suites fail on a disagreement that is not
 * here, and on an entry here that no pair shows any more.
 */
export const DELIBERATE_DIFFERENCES: readonly DeliberateDifference[] = [
  {
    readme: 'an invalid regex',
    pairs: { promptfoo: /^edge-invalid-regex$/, agentv: /^edge-invalid-regex$/ },
  },
  {
    readme: 'a check parameter of the wrong kind (`latency` `threshold: fast`)',
    pairs: { promptfoo: /^edge-latency-text$/ },
  },
  {
    readme: 'a test whose every assertion AgentV 4 skips (a value of the wrong type)',
    pairs: { agentv: /^edge-latency-text$/ },
  },
  // The ids count the assertions of promptfoo-pairs.ts: code-5 returns `{pass, score}`, code-6 parses the answer.
  { readme: 'a javascript check that throws', pairs: { promptfoo: /^code-6-javascript-/ } },
  { readme: 'a javascript result `{pass, score}` without `reason`', pairs: { promptfoo: /^code-5-javascript-/ } },
  { readme: '`is-refusal` on an empty or blank answer', pairs: { promptfoo: /^text-\d+-is-refusal-(empty|blank)$/ } },
  { readme: '`contains-json` on an object whose braces never close', pairs: { promptfoo: /^edge-unclosed-json$/ } },
  // Shown by generated pairs only (fuzz/fuzz-differences.ts tells them by content).
  { readme: '`bleu` or `gleu` against a blank reference', pairs: {} },
  { readme: '`not-contains` … in an AgentV 4 file', pairs: { agentv: /^edge-not-contains$/ } },
  { readme: '`contains-any: "a, b"` (a string) in an AgentV 4 file', pairs: { agentv: /^edge-contains-any-text$/ } },
  { readme: '`token-usage` when the engine reports 0 tokens', pairs: { agentv: /^edge-zero-tokens$/ } },
];

/** The listed differences a disagreement on pair `id` of `peer`'s suite is. */
export const explaining = (peer: Peer, id: string): DeliberateDifference[] =>
  DELIBERATE_DIFFERENCES.filter((difference) => difference.pairs[peer]?.test(id));
