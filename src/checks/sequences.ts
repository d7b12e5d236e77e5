import type { CheckSpec } from './types.js';

const area = 'sequences' as const;

/**
 * Stateful sequences (issue 29): random runs of creates, listings, User reads and RfP listings by
 * both callers, each answer judged against what the sequence did (src/model/caller-data.ts).
 */
export const sequencesChecks = [
  {
    id: 'sequences.caller-data.agrees',
    area,
    requirement: 'create_user_bank.persisted',
    covers: ['tenant.isolation', 'list_user_banks.user_id_filter'],
    title:
      "In random sequences of creates, listings (every filter, two page sizes), User reads and RfP listings by both callers, every listing holds the caller's banks the sequence created before it (once settled) and no view shows the other caller's data (property)",
  },
] as const satisfies readonly CheckSpec[];
