/**
 * What identifies the first caller's data in an answer: its Users' ids (as a User's id or a bank's
 * user_id) and the account numbers of the banks this run created for it (unique to the run, so no
 * other business can hold them). Values another caller shares (the same User id configured for B, a
 * fixture account number two tenants of a mock both hold) are never taken as the caller's.
 */
import { isRecord } from '../../core/domain/is-record.js';

export interface CallersData {
  userIds: ReadonlySet<string>;
  accountNumbers: ReadonlySet<string>;
}

export interface Leak {
  /** What was found, for the message ("a User Bank of the caller's User usr_1"). */
  what: string;
}

/** Every place in `body` that shows the caller's data; bounded by the body's own size. */
export function leaksIn(body: unknown, data: CallersData): Leak[] {
  const found: Leak[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (depth > 8 || found.length >= 5) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    if (!isRecord(value)) return;
    if (typeof value.user_id === 'string' && data.userIds.has(value.user_id))
      found.push({ what: `a User Bank of the caller's User ${value.user_id}` });
    else if (typeof value.id === 'string' && data.userIds.has(value.id) && ('first_name' in value || 'ssn' in value || 'email' in value))
      found.push({ what: `the caller's User ${value.id}` });
    else if (typeof value.account_number === 'string' && data.accountNumbers.has(value.account_number))
      found.push({ what: 'a User Bank this run created for the caller' });
    for (const member of Object.values(value)) if (member !== null && typeof member === 'object') visit(member, depth + 1);
  };
  visit(body, 0);
  return found;
}
