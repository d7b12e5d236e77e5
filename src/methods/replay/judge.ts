/**
 * What a replay may not answer. A replay is never required to be served: a refusal, or any answer
 * that carries nothing of the caller's, always passes. The rules, from the spec:
 * - spec 5: without the caller's credentials, no answer carries the caller's data, and no answer is
 *   the operation served (the same members as the caller's own answer);
 * - spec 4.3 and 5: the second caller is served its own data, never the first caller's;
 * - spec 4.4 and 4.2: with the caller's token, a spelling that is served serves what was asked for.
 */
import { isRecord } from '../../core/domain/is-record.js';
import type { Exchange } from '../../http/exchange.js';
import { isSuccess } from '../../http/exchange.js';
import { leaksIn, type CallersData } from './callers-data.js';
import type { ReplayedRead } from './replay-run.js';

const membersOf = (json: unknown): string => (isRecord(json) ? Object.keys(json).sort().join(',') : '');

/** Why an answer to someone who is not the caller shows the caller's data, or undefined when it does not. */
export function servedToStranger(replayed: ReplayedRead, answer: Exchange, data: CallersData, otherCaller: boolean): string | undefined {
  if (!isSuccess(answer)) return undefined;
  // HEAD is the GET without its body (RFC 9110 9.3.2): a 2xx where the caller's GET is served is that operation served.
  if (answer.request.method === 'HEAD')
    return !otherCaller && isSuccess(replayed.original)
      ? 'HEAD is the same operation without the body (RFC 9110 9.3.2), served without the credentials it requires'
      : undefined;
  const leaks = leaksIn(answer.json, data);
  if (leaks.length > 0) return `it holds ${leaks.map((l) => l.what).join('; ')}`;
  const original = replayed.original;
  if (!isSuccess(original) || original.bodyText.length === 0) return undefined;
  if (otherCaller) {
    // The second caller's own answer differs from the caller's, yet this one is the caller's: a cache or a route that ignored who asked.
    const own = replayed.otherCallersOriginal;
    if (own !== undefined && own.bodyText !== original.bodyText && answer.bodyText === original.bodyText)
      return "it is the first caller's answer, word for word, while the second caller's own answer differs";
    return undefined;
  }
  if (answer.bodyText === original.bodyText) return "it is the caller's own answer, word for word";
  const members = membersOf(answer.json);
  if (members !== '' && members === membersOf(original.json))
    return `it is the operation served (the members ${members} of the caller's own answer)`;
  return undefined;
}

/** Why a served spelling of the caller's own read answers another resource, or undefined. */
export function otherResourceServed(replayed: ReplayedRead, answer: Exchange): { why: string; requirement: string } | undefined {
  if (!isSuccess(answer) || !isRecord(answer.json)) return undefined;
  const { read } = replayed;
  if (read.operation === 'get_user') {
    const asked = decodeURIComponent(read.path.slice('/users/'.length));
    const id = answer.json.id;
    if (typeof id === 'string' && id !== asked) return { why: `it is the User ${id}, not ${asked}`, requirement: 'get_user.identity' };
    return undefined;
  }
  const data = answer.json.data;
  if (read.operation !== 'list_user_banks' || !Array.isArray(data)) return undefined;
  for (const [name, requirement] of [
    ['user_id', 'list_user_banks.user_id_filter'],
    ['status', 'list_user_banks.status_filter'],
  ] as const) {
    const wanted = read.query[name];
    if (wanted === undefined) continue;
    const other = data.find((item) => isRecord(item) && item[name] !== wanted);
    if (other !== undefined)
      return {
        why: `it holds a User Bank whose ${name} is ${String((other as Record<string, unknown>)[name])}, though ${name}=${wanted} was asked`,
        requirement,
      };
  }
  return undefined;
}
