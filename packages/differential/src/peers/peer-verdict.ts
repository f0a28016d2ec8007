/** A test's verdict: passed, failed, or could not be graded (promptfoo throws; skill-eval refuses the file). */
export interface PeerVerdict {
  verdict: 'pass' | 'fail' | 'error';
  /** The test's aggregate score, when the tool gives one. */
  score?: number;
  /** The tool's own words on why. */
  reason?: string;
}
