import type { IncomingHttpHeaders } from 'node:http';
import type { FakeApi } from './api-adapter.js';

/** One request the fake server received. */
export interface RecordedRequest {
  /** HTTP method. */
  method: string;
  /** URL path without the query and the scope (`/v1/messages` for `/x/run-1/v1/messages?beta=true`). */
  path: string;
  /** `<scope>` of a request to `/x/<scope>/…` (record/replay name the execution so). */
  scope?: string;
  /** Path with the query, as received. */
  url: string;
  /** Request headers (lower-case names). */
  headers: IncomingHttpHeaders;
  /** Parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
  /** Which API the route belongs to. */
  api: FakeApi | 'other';
  /** Id of the matched conversation (`[[directives]]` in directive mode). */
  conversation?: string;
  /** Model turns already in the request. */
  step?: number;
  /** Which list of a `cycle` conversation answered (0-based). */
  cycle?: number;
  /** Arrival time, ms since the epoch. */
  at: number;
}
