import type { BlindSpotFault } from './types.js';

/**
 * Blind spots (types.ts, BlindSpotFault): realistic defects of the RfP list that break what the spec
 * states, yet that no client can tell from a conformant server, since no operation creates, counts
 * or names the caller's RfP Registrations. docs/mutation.md names each as the proof of a blind spot.
 */
export const blindSpotFaults = [
  {
    name: 'rfp-list-always-empty',
    description:
      "GET /rfp_registrations reads the caller's registrations from a table the onboarding never writes (it keeps the network operator's copy elsewhere): every caller's list is empty",
    breaks: 'list_rfp_registrations.all',
    blindSpot:
      '4.3: "The list holds all of the caller\'s registrations", but no operation creates one or counts them (4.5: operations on a single RfP Registration "not shown"; 1: registration "is done for the caller when the caller is onboarded"), so an empty list is also what a caller with no registrations gets',
    bends: { 'rfp.pool': () => [] },
  },
  {
    name: 'rfp-pages-after-first-empty',
    description:
      'GET /rfp_registrations pages its list, but the query after a cursor reads a partition the cursor does not name: every page after the first is empty and ends the list',
    breaks: 'list_rfp_registrations.all',
    blindSpot:
      '4.3: "The list holds all of the caller\'s registrations", but its pagination controls are "not shown" and nothing counts the registrations: a first page that points to an empty last page is also how a conformant paged list of that many ends',
    variation: 'paged-rfp-403',
    bends: {
      'rfp.answer': (answer, scene) =>
        scene.url.searchParams.has('cursor') && answer.status === 200 ? { ...answer, body: { data: [], next_cursor: null } } : answer,
    },
  },
] as const satisfies readonly BlindSpotFault[];
