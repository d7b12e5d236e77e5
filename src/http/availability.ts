/**
 * Whether the target is there to be tested. A 502, 503 or 504 is what the network before the service
 * answers (transient.ts); one now and then is sent again and is a fact of the traffic. A target that
 * answers nothing else, at the start or for a stretch of the run, is down or in maintenance: nothing
 * it answers then says whether the API conforms, so the run stops sending and says it could not run
 * (issue 57), rather than calling a maintenance page a broken API. Two questions, both on evidence:
 * - was a refusal that persisted through its resends the target's answer to that request, or just
 *   what everything got then (`servedSentSince`): a request refused while others sent after it were
 *   served is the server's answer to it, and a 5xx is judged as ever (requests sent before it may
 *   still be answered by a target that has just gone down, so they do not count);
 * - is the target down (`down`): nearly every one of the latest answers a transient refusal, to more
 *   than one operation (method and path), so one operation that always fails behind a proxy is still
 *   a defect of that operation.
 */
import { utcClock } from '../core/domain/utc-clock.js';
import { isTransientRefusal } from './transient.js';

/** The latest answers weighed for "down". */
const WINDOW = 20;
/** Of them, at least this many transient refusals. */
const DOWN_AT = 19;

export interface Down {
  /** When the first refusal of the window was answered (Date.now()). */
  since: number;
  /** The one sentence the run ends with. */
  sentence: string;
}

export class Availability {
  private readonly latest: { at: number; status: number; operation: string }[] = [];
  private answered = 0;
  private refused = 0;
  /** When the latest-sent request that got an answer other than a transient refusal was sent (Date.now()). */
  private lastServedSentAt = Number.NEGATIVE_INFINITY;
  private downAt: Down | undefined;

  /** Every answer of the run, resends included, as it comes back; `operation` is its method and path, `sentAt` when its request left. */
  observe(status: number, operation: string, sentAt: number, at = Date.now()): void {
    this.answered += 1;
    if (isTransientRefusal(status)) this.refused += 1;
    else this.lastServedSentAt = Math.max(this.lastServedSentAt, sentAt);
    this.latest.push({ at, status, operation });
    if (this.latest.length > WINDOW) this.latest.shift();
    this.downAt ??= this.judgeDown();
  }

  /** Whether a request sent at `at` (Date.now()) or later got an answer other than a transient refusal. */
  servedSentSince(at: number): boolean {
    return this.lastServedSentAt >= at;
  }

  /** The target was found down (the first time, kept for the run). */
  get down(): Down | undefined {
    return this.downAt;
  }

  private judgeDown(): Down | undefined {
    if (this.latest.length < WINDOW) return undefined;
    const refusals = this.latest.filter((answer) => isTransientRefusal(answer.status));
    if (refusals.length < DOWN_AT || new Set(refusals.map((answer) => answer.operation)).size < 2) return undefined;
    const since = refusals[0]?.at ?? Date.now();
    const statuses = [...new Set(refusals.map((answer) => answer.status))].sort().join(', ');
    return {
      since,
      sentence:
        `the target answered ${statuses} to ${refusals.length} of the latest ${this.latest.length} requests from ${utcClock(since)} ` +
        `(${this.refused} of ${this.answered} in all): it looks down or in maintenance, so the run stopped sending; run it again when the target is up`,
    };
  }
}
