/**
 * Every created_at the run is answered is in RFC 3339's profile of ISO 8601 (extended format, seconds,
 * a UTC offset): a convention, since the spec asks only for "ISO 8601 date-time" (the schemas accept
 * every ISO 8601 form). A basic-format or offset-less timestamp is legal and only warns: an offset-less
 * one names no instant, so a client cannot order it against another zone's.
 */
import { isSuccess } from '../../http/exchange.js';
import { isRecord } from '../../core/domain/is-record.js';
import { hasRfc3339Shape, parseIso8601DateTime } from '../../core/domain/iso8601.js';
import type { ExchangeInvariant } from './invariant.js';
import { itemsOf } from './seen-exchange.js';

export function timestampsRfc3339(): ExchangeInvariant {
  /** One finding per shape of timestamp (a server answers the same form everywhere). */
  const seenForms = new Set<string>();
  return {
    inspect(seen, report) {
      const { exchange } = seen;
      if (seen.operation === undefined || !isSuccess(exchange)) return;
      const items = seen.operation === 'list-banks' || seen.operation === 'list-rfps' ? (itemsOf(seen) ?? []) : [exchange.json];
      for (const item of items) {
        if (!isRecord(item) || typeof item.created_at !== 'string') continue;
        // RFC 3339's shape is either RFC 3339 or no date at all (the schema's to judge): nothing to warn
        // of either way, so the full parse (a Date per value, on every item of every page) is skipped.
        if (hasRfc3339Shape(item.created_at)) continue;
        const parsed = parseIso8601DateTime(item.created_at);
        if (parsed === undefined || parsed.rfc3339) continue;
        const form = item.created_at.replace(/\d/g, '9');
        if (seenForms.has(form)) continue;
        seenForms.add(form);
        report({
          message: `created_at ${JSON.stringify(item.created_at)} is ISO 8601 but not RFC 3339${parsed.local ? ' (no UTC offset: a local time, no instant)' : ' (basic format or no seconds)'}`,
          requirements: ['conv.timestamp.rfc3339'],
          exchange,
          expected: 'e.g. 2026-11-26T07:28:00Z',
          actual: item.created_at,
        });
      }
    },
  };
}
