import type { Scene } from '../hooks.js';
import type { ReferenceState } from '../state.js';

/** What every operation handler gets: the request, its parsed URL, the authenticated caller; also the scene its hooks see. */
export interface HandlerContext extends Scene {
  state: ReferenceState;
}
