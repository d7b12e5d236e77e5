/**
 * Another writer on a shared staging (the background-writer variation): every `everyMs` a User Bank
 * is created for caller A's first User, as another CI run or a person testing by hand would. The
 * suite must neither blame these on its own requests nor call the list broken because it grew.
 */
import type { ReferenceState } from './state.js';
import { newBankRecord } from './store.js';

export function startBackgroundWriter(state: ReferenceState, everyMs: number): () => void {
  let count = 0;
  const timer = setInterval(() => {
    const owner = state.callers[0];
    const user = owner?.users[0];
    if (!owner || !user) return;
    count += 1;
    // 17 digits from a range of its own, so no number the suite generates is ever the writer's.
    owner.banks.push(
      newBankRecord(state, user.id, {
        account_number: `8${String(count).padStart(16, '0')}`,
        routing_number: '021000021',
        bank_account_type: 'savings',
      }),
    );
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
