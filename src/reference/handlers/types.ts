import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Caller } from '../model.js';
import type { ReferenceState } from '../state.js';

/** What every operation handler gets: the request, its parsed URL, the authenticated caller. */
export interface HandlerContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  state: ReferenceState;
  caller: Caller;
}
