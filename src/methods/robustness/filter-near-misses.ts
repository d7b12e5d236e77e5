/**
 * Near-misses of each filter's value: the spec's known status ("active", 2.1) and the caller's User
 * id, changed in case, padded with a space, cut short or extended. "Keep only User Banks with this
 * status" keeps none for a value no User Bank carries; a database collation or a trimming parser
 * that matches them anyway shows in the answer, which the run's invariants judge
 * (src/harness/invariants/filters-keep-their-value.ts). Reads only.
 */
import type { UnusualRequest } from './unusual-request.js';

function nearMisses(value: string): string[] {
  const misses = [
    value.toUpperCase(),
    `${value.charAt(0).toUpperCase()}${value.slice(1)}`,
    `${value} `,
    ` ${value}`,
    value.slice(0, -1),
    `${value}x`,
  ];
  return [...new Set(misses)].filter((m) => m !== value && m !== '');
}

export function filterNearMisses(userId: string): UnusualRequest[] {
  const requests: UnusualRequest[] = [];
  for (const [name, value] of [
    ['status', 'active'],
    ['user_id', userId],
  ] as const) {
    for (const miss of nearMisses(value))
      requests.push({
        kind: `GET /user_banks with ${name}=${JSON.stringify(miss)}, a near-miss of ${JSON.stringify(value)}`,
        method: 'GET',
        path: `/user_banks?${name}=${encodeURIComponent(miss)}`,
      });
  }
  return requests;
}
