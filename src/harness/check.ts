/**
 * conformanceCheck(id, body): one vitest test per check, named by its registered id. The outcome
 * travels to the reporter in task.meta; vitest's own state follows it (fail throws, skip skips) so
 * vitest's summary and ours never disagree.
 */
import { sendingFor } from '../http/sender.js';
import { test } from 'vitest';
import { checkSpec, type CheckId } from '../checks/registry.js';
import type { CheckResult } from '../checks/types.js';
import type { ThrottleStats } from '../http/adaptive-throttle.js';
import type { TrafficRecord } from '../http/traffic-record.js';
import { isHttpError } from '../http/errors.js';
import { runContext } from './context.js';
import { consistencyStats, type ConsistencyStats } from './settle.js';
import { Probe } from './probe.js';
import { InconclusiveSignal, SkipSignal } from './signals.js';

declare module 'vitest' {
  interface TaskMeta {
    conformance?: CheckResult;
    /** The run's traffic as of this check's end (the client is shared: the last one tells the run). */
    conformanceTraffic?: ThrottleStats;
    /** The listing lag observed so far in the run (same: the last one tells the run). */
    conformanceConsistency?: ConsistencyStats;
    /** The run's exchanges completed since the previous check ended, redacted (the HAR is made of them); and how many were past its bound. */
    conformanceExchanges?: { records: TrafficRecord[]; dropped: number };
  }
}

export interface CheckOptions {
  /** Run alone, in file order (create-then-list sequences, walks that must see no writes). */
  sequential?: boolean;
}

export type CheckBody = (probe: Probe) => Promise<void>;

export function conformanceCheck(id: CheckId, body: CheckBody, options: CheckOptions = {}): void {
  const spec = checkSpec(id);
  const register = options.sequential ? test : test.concurrent;
  const { settings } = runContext();
  register(
    spec.id,
    async (context) => {
      const probe = new Probe(spec, runContext());
      const started = performance.now();
      const ended: { skip?: string; inconclusive?: string; internalError?: string } = {};
      try {
        if (settings.skippedAreas?.includes(spec.area))
          probe.skip(`the ${spec.area} checks are turned off by --skip-area; run without it to judge this`);
        await sendingFor(spec.id, () => body(probe));
      } catch (error) {
        if (error instanceof SkipSignal) ended.skip = error.reason;
        else if (error instanceof InconclusiveSignal) ended.inconclusive = error.reason;
        else if (isHttpError(error) && (error.code === 'READ_ONLY' || error.code === 'WRITE_BUDGET')) ended.skip = error.message;
        else if (isHttpError(error)) ended.inconclusive = error.message;
        else ended.internalError = (error as Error)?.stack ?? String(error);
      }
      const result = probe.result(ended, Math.round(performance.now() - started));
      context.task.meta.conformance = result;
      context.task.meta.conformanceTraffic = runContext().client.throttleStats();
      context.task.meta.conformanceConsistency = consistencyStats(runContext().client, settings);
      context.task.meta.conformanceExchanges = { records: runContext().traffic.drain(), dropped: runContext().traffic.dropped };
      if (result.outcome === 'fail') throw new Error(result.message);
      if (result.outcome === 'skip') context.skip(result.message);
    },
    settings.checkTimeoutMs,
  );
}
