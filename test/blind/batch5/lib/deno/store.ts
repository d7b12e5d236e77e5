import { fault } from './fault.ts';
import type { BankRec } from './serialize.ts';

export const kv = await Deno.openKv(':memory:');

export async function sha256Hex(s: string): Promise<string> {
  const d = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(s));
  return Array.from(new Uint8Array(d), (x) => x.toString(16).padStart(2, '0')).join('');
}

// ---- keys ----------------------------------------------------------------
export const bankKey = (t: string, id: string): Deno.KvKey => ['banks', t, id];

export function userIndexPrefix(t: string, userId: string): Deno.KvKey {
  // by-user index; the tenant was "redundant" since user ids are globally unique
  return fault('tenant-user-filter-index') ? ['banks_by_user', userId] : ['banks_by_user', t, userId];
}

export function userIndexEntry(t: string, b: BankRec): [Deno.KvKey, Deno.KvKey] {
  return [[...userIndexPrefix(t, b.user_id), b.id], bankKey(t, b.id)];
}

export function statusIndexEntry(t: string, b: BankRec): [Deno.KvKey, Deno.KvKey] {
  const s = fault('status-index-verification') ? b.verification_status : b.status;
  return [['banks_by_status', t, s, b.id], bankKey(t, b.id)];
}

export function bankIndexEntries(t: string, b: BankRec): Array<[Deno.KvKey, Deno.KvKey]> {
  return [userIndexEntry(t, b), statusIndexEntry(t, b)];
}

export const rfpOnboardedKey = (t: string): Deno.KvKey =>
  fault('rfp-duplicate-onboarding') ? ['rfp_onboarding', t] : ['rfp_onboarded', t];

// ---- id sequence ---------------------------------------------------------
export async function nextBankSeq(): Promise<bigint> {
  if (fault('create-race-duplicate-id')) {
    await kv.atomic().sum(['seq', 'banks'], 1n).commit();
    const cur = await kv.get<Deno.KvU64>(['seq', 'banks']);
    return cur.value!.value;
  }
  for (;;) {
    const cur = await kv.get<Deno.KvU64>(['seq', 'banks']);
    const n = (cur.value?.value ?? 0n) + 1n;
    const res = await kv.atomic().check(cur).set(['seq', 'banks'], new Deno.KvU64(n)).commit();
    if (res.ok) return n;
  }
}
export const bankIdFromSeq = (n: bigint) => 'ub_' + n.toString().padStart(8, '0');

// ---- cursor --------------------------------------------------------------
// deno-lint-ignore no-explicit-any
export function encodeCursor(obj: any): string {
  return btoa(JSON.stringify(obj)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}
// deno-lint-ignore no-explicit-any
export function decodeCursorUnchecked(c: string): any {
  const b64 = c.replaceAll('-', '+').replaceAll('_', '/');
  return JSON.parse(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)));
}
// deno-lint-ignore no-explicit-any
export function decodeCursor(c: string): any | null {
  try {
    const v = decodeCursorUnchecked(c);
    return v && typeof v === 'object' ? v : null;
  } catch {
    return null;
  }
}

// ---- list query ----------------------------------------------------------
export interface BankQuery {
  tenant: string;
  limit: number;
  // deno-lint-ignore no-explicit-any
  cursor: any | null; // decoded
  status?: string;
  userId?: string;
}

export async function queryBanks(q: BankQuery): Promise<{ items: BankRec[]; next: string | null }> {
  const t = q.tenant;
  let prefix: Deno.KvKey;
  let post: ((b: BankRec) => boolean) | null = null;
  let indexed = true;
  if (fault('user-filter-ignored-with-status')) {
    if (q.status) prefix = ['banks_by_status', t, q.status];
    else if (q.userId) prefix = userIndexPrefix(t, q.userId);
    else {
      prefix = ['banks', t];
      indexed = false;
    }
  } else if (q.userId && q.status) {
    const st = q.status;
    prefix = userIndexPrefix(t, q.userId);
    post = (b) => b.status === st;
  } else if (q.userId) {
    prefix = userIndexPrefix(t, q.userId);
  } else if (q.status) {
    prefix = ['banks_by_status', t, q.status];
  } else {
    prefix = ['banks', t];
    indexed = false;
  }

  const after: string | undefined = q.cursor?.a;
  if (after && fault('cursor-filter-dropped')) {
    // continuation pages walk the primary table from the last id
    prefix = ['banks', t];
    indexed = false;
    post = null;
  }

  let selector: Deno.KvListSelector = { prefix };
  let skip = 0;
  if (fault('tenant-cursor-absolute') && q.cursor?.k) {
    const k = q.cursor.k as Deno.KvKey;
    selector = { start: [...k.slice(0, -1), String(k[k.length - 1]) + '\u0000'], end: [...prefix, '\uffff'] };
  } else if (fault('cursor-page-offset')) {
    skip = (Number(q.cursor?.p) || 0) * q.limit;
  } else if (after) {
    selector = { prefix, start: [...prefix, fault('cursor-inclusive') ? after : after + '\u0000'] };
  }

  const want = q.limit + 1;
  const chunk = fault('getmany-over-10-500') ? want + skip : 10; // getMany takes at most 10 keys
  const out: BankRec[] = [];
  const lastKeys: Deno.KvKey[] = [];
  let batch: Deno.KvEntry<unknown>[] = [];
  let raw = 0;
  const flush = async () => {
    if (!batch.length) return;
    const recs: Array<[BankRec | null, Deno.KvKey]> = indexed
      ? (await kv.getMany<BankRec[]>(batch.map((e) => e.value as Deno.KvKey))).map((e, i) => [e.value, batch[i].key])
      : batch.map((e) => [e.value as BankRec, e.key]);
    batch = [];
    for (const [r, k] of recs) {
      if (!r) continue;
      if (post && !post(r)) continue;
      if (skip > 0) {
        skip--;
        continue;
      }
      if (out.length < want) {
        out.push(r);
        lastKeys.push(k);
      }
    }
  };
  const listLimit = post && !fault('filter-after-page') ? undefined : want + skip;
  for await (const e of kv.list(selector, { limit: listLimit, batchSize: 100 })) {
    batch.push(e);
    raw++;
    if (batch.length >= chunk) await flush();
    if (out.length >= want) break;
  }
  await flush();

  let items: BankRec[];
  let hasMore: boolean;
  if (fault('filter-after-page')) {
    items = out.slice(0, q.limit);
    hasMore = out.length > q.limit;
  } else {
    hasMore = out.length > q.limit;
    items = fault('page-peek-leak') ? out : out.slice(0, q.limit);
  }
  let next: string | null = null;
  if (hasMore) {
    const last = out[q.limit - 1];
    if (fault('tenant-cursor-absolute')) next = encodeCursor({ k: lastKeys[q.limit - 1] });
    else if (fault('cursor-page-offset')) next = encodeCursor({ p: (Number(q.cursor?.p) || 0) + 1 });
    else next = encodeCursor({ a: last.id });
  }
  void raw;
  return { items, next };
}
