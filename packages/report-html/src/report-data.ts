import type { CaseResult } from '@skill-eval/core';

/** One execution as the page embeds it: its result (long texts cut) and the files kept for it. */
export type ReportResult = CaseResult & { artifacts: string[] };

/** What the page embeds under {@link REPORT_DATA_ID} for its browser code. */
export interface ReportData {
  results: ReportResult[];
}

/** Id of the `<script type="application/json">` block holding the {@link ReportData}. */
export const REPORT_DATA_ID = 'report-data';

/** Id of the JSON block holding the transcript (a Session) of the execution at `index`; absent when none was kept. */
export const transcriptBlockId = (index: number): string => `transcript-${index}`;

/** A transcript the report did not read, and why: its JSON block holds this instead, and its row says so. */
export interface LeftOut {
  leftOut: string;
}

export const isLeftOut = (value: object): value is LeftOut => 'leftOut' in value;
