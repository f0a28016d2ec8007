import type { PeerVerdict } from './peers/peer-verdict.js';

/** One pair on which skill-eval and the peer disagree. */
export interface Disagreement {
  id: string;
  peer: PeerVerdict;
  ours: PeerVerdict;
}

/** Scores equal to this much are the same score (the peers' float sums differ in the last bits). */
const SCORE_TOLERANCE = 1e-6;

/**
 * Whether two verdicts agree: the same verdict, and, where both give a score for a graded test, the same score.
 * An error is an error whatever its words: promptfoo throws where skill-eval refuses the file when it loads.
 */
export function agrees(peer: PeerVerdict, ours: PeerVerdict): boolean {
  if (peer.verdict !== ours.verdict) return false;
  if (peer.verdict === 'error' || peer.score === undefined || ours.score === undefined) return true;
  return Math.abs(peer.score - ours.score) <= SCORE_TOLERANCE;
}

/** Every pair's two verdicts side by side: the share that agree and the ones that do not. */
export function compareVerdicts(
  peer: ReadonlyMap<string, PeerVerdict>,
  ours: ReadonlyMap<string, PeerVerdict>,
): { total: number; agreement: number; disagreements: Disagreement[] } {
  const disagreements: Disagreement[] = [];
  for (const [id, theirs] of peer) {
    const mine = ours.get(id);
    if (!mine) throw new Error(`skill-eval gave no verdict for pair ${id}`);
    if (!agrees(theirs, mine)) disagreements.push({ id, peer: theirs, ours: mine });
  }
  const total = peer.size;
  return { total, agreement: (total - disagreements.length) / total, disagreements };
}
