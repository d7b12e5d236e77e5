/**
 * What `verify` says of each thing it checks in a report directory: ok, FAILED (with why), or could
 * not check (with what was missing). Exit 0 only when every item was checked and was ok; 1 when one
 * failed, whatever else; 2 when none failed but one could not be checked: a partner's certificate
 * is trusted only when everything about it could be looked at.
 */
export type ItemStatus = 'ok' | 'failed' | 'could-not-check';

export interface VerifyItem {
  /** What was checked, e.g. "results.json schema". */
  name: string;
  status: ItemStatus;
  /** What was found: why it is ok, why it failed, or what kept it from being checked. */
  detail: string;
}

export const ok = (name: string, detail: string): VerifyItem => ({ name, status: 'ok', detail });
export const failed = (name: string, detail: string): VerifyItem => ({ name, status: 'failed', detail });
export const couldNotCheck = (name: string, detail: string): VerifyItem => ({ name, status: 'could-not-check', detail });

export function verifyExitCode(items: readonly VerifyItem[]): 0 | 1 | 2 {
  if (items.some((item) => item.status === 'failed')) return 1;
  return items.some((item) => item.status === 'could-not-check') ? 2 : 0;
}

const LABEL: Record<ItemStatus, string> = { ok: 'ok', failed: 'FAILED', 'could-not-check': 'could not check' };

/** One line an item ("ok               results.json schema: ..."), then the outcome with its exit code. */
export function verifyText(items: readonly VerifyItem[]): string {
  const width = Math.max(...Object.values(LABEL).map((label) => label.length));
  const lines = items.map((item) => `${LABEL[item.status].padEnd(width)}  ${item.name}: ${item.detail}`);
  const failedCount = items.filter((item) => item.status === 'failed').length;
  const unchecked = items.filter((item) => item.status === 'could-not-check').length;
  const code = verifyExitCode(items);
  const outcome =
    code === 0
      ? `verified: all ${items.length} items checked and ok (exit 0)`
      : `not verified: ${[failedCount > 0 ? `${failedCount} FAILED` : '', unchecked > 0 ? `${unchecked} could not be checked` : ''].filter(Boolean).join(', ')} (exit ${code})`;
  return [...lines, '', outcome].join('\n');
}
