import type { CheckSpec } from './types.js';

const area = 'sequences' as const;

/**
 * Stateful sequences (issue 29): random runs of creates, listings, User reads and RfP listings by
 * both callers, each answer judged against what the sequence did (src/core/model/caller-data.ts).
 */
export const sequencesChecks = [
  {
    id: 'sequences.caller-data.agrees',
    area,
    requirement: 'create_user_bank.persisted',
    covers: ['tenant.isolation', 'list_user_banks.user_id_filter', 'get_user.operation', 'get_user.identity'],
    title: "Random sequences of both callers' operations agree with one model of their data (property)",
    description:
      "In random sequences of creates (one, or both callers' at once), listings (every filter, two page sizes), User reads and RfP listings by both callers, every listing holds the caller's banks the sequence created before it (once settled) and no view shows the other caller's data (property)",
  },
  {
    id: 'sequences.views.agree',
    area,
    requirement: 'list_user_banks.user_id_filter',
    covers: ['list_user_banks.status_filter', 'list_user_banks.cursor', 'rfp_registration.one_per_use_case', 'rfp_registration.id'],
    title: 'Every list view the run walked agrees with the others',
    description:
      "Every list view the run walked agrees with the others (one model of the caller's data): each filter, alone or with another, keeps only its value; a User Bank listed before a walk began and after it ended is in that walk when it matches its filters (a filtered list is the whole list restricted, the union over every User and status is the whole list, pages at any size hold the same); an RfP list is a set, one per use case, over all its pages",
  },
] as const satisfies readonly CheckSpec[];
