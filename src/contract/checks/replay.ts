import type { CheckSpec } from './types.js';

/**
 * Checks over the replay of the run's own exchanges (src/methods/replay/): each read the checks made, and a
 * create, sent again in other spellings (RFC 3986, RFC 9110) and with other credentials.
 */
export const replayChecks = [
  {
    id: 'replay.refused-credentials-get-no-data',
    area: 'replay',
    requirement: 'auth.bearer',
    covers: [
      'auth.required.create_user_bank',
      'auth.required.list_user_banks',
      'auth.required.list_rfp_registrations',
      'auth.required.get_user',
    ],
    title: "Reads and a create replayed with bad credentials serve none of the caller's data",
    description:
      "Every read and a create of the run, replayed in equivalent spellings with no, another scheme's or a near-miss credential, serve none of the caller's data",
  },
  {
    id: 'replay.other-caller-gets-no-data',
    area: 'replay',
    requirement: 'tenant.isolation',
    title: "Reads and a create replayed as the second caller serve none of the first's data",
    description:
      "Every read and a create of the run, replayed in equivalent spellings as the second caller, serve none of the first caller's data",
  },
  {
    id: 'replay.spelling-serves-the-same-resource',
    area: 'replay',
    requirement: 'get_user.identity',
    covers: ['list_user_banks.user_id_filter', 'list_user_banks.status_filter'],
    title: 'Reads replayed in equivalent spellings are refused or serve the same resource',
    description:
      "Every read of the run, replayed with the caller's token in equivalent spellings, is refused or serves the resource asked for (the same User, the filters still applied)",
  },
] as const satisfies readonly CheckSpec[];
