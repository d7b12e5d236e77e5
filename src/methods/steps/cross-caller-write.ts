/**
 * Caller B's POST /user_banks naming caller A's User (spec 4.3: A's data is A's; spec 5: the token
 * names the caller; the User that refused writes name, refused-writes.ts), sent once per run on first
 * use, after the listing of that User that the absence proofs compare with (src/methods/steps/refused-writes.ts). Its account number is unique, so a bank stored
 * from it can be told from every other.
 */
import type { Exchange } from '../../http/exchange.js';
import { sendingFor } from '../../http/sender.js';
import { exampleCreateBody } from '../../harness/example-body.js';
import { perRun } from '../../harness/per-run.js';
import type { Probe } from '../../harness/probe.js';
import { listingBeforeRefusedWrites, refusedWritesUser } from './refused-writes.js';
import { uniqueAccountNumber } from '../../harness/unique-account-number.js';

/** The check that judges this write. */
export const ISOLATION_CHECK = 'isolation.create-user-bank.other-callers-user-refused';

export interface CrossCallerWrite {
  body: Record<string, string>;
  exchange: Exchange;
}

const writes = perRun(() => ({ write: undefined as Promise<CrossCallerWrite> | undefined }));

/** The write, sent on the first call; the caller has made sure there is a second caller and writes are allowed. */
export function crossCallerWrite(t: Probe): Promise<CrossCallerWrite> {
  const holder = writes(t.run.client);
  holder.write ??= (async () => {
    const { user } = await refusedWritesUser(t);
    await listingBeforeRefusedWrites(t, user);
    const body = { ...exampleCreateBody(user, t.settings.seed), account_number: uniqueAccountNumber() };
    // Whichever proof asks first, a bank it creates is the isolation check's in results.json created[].
    const exchange = await sendingFor(ISOLATION_CHECK, () =>
      t.run.client.send({ method: 'POST', path: '/user_banks', json: body, auth: 'b' }),
    );
    return { body, exchange };
  })();
  return holder.write;
}
