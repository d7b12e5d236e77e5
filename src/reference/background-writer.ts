/**
 * Another writer on a shared staging (the background-writer variation): every `everyMs` a User Bank
 * is created for caller A's first User, as another CI run or a person testing by hand would. The
 * suite must neither blame these on its own requests nor call the list broken because it grew.
 */
import type { ReferenceState } from './state.js';

export function startBackgroundWriter(state: ReferenceState, everyMs: number): () => void {
  let count = 0;
  const timer = setInterval(() => {
    const owner = state.callers[0];
    const user = owner?.users[0];
    if (!owner || !user) return;
    count += 1;
    owner.banks.push({
      seq: state.fixtures.nextSeq(),
      id: state.fixtures.ids.next('bank'),
      user_id: user.id,
      // 17 digits from a range of its own, so no number the suite generates is ever the writer's.
      account_number: `8${String(count).padStart(16, '0')}`,
      routing_number: '021000021',
      account_holder_type: 'individual',
      bank_account_type: 'savings',
      createdAt: state.now(),
      is_rtp_enabled: true,
      is_rtp_rfp_enabled: false,
      status: 'active',
      verification_status: 'verified',
    });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
