/**
 * --read-only and --max-writes, enforced before a byte is sent: a write (as the API says, through
 * ApiKnowledge.isWrite) is refused under --read-only, and a request that may create a resource
 * (ApiKnowledge.mayCreate) goes out only with a slot of the write budget reserved. A refused write
 * created nothing, so its slot goes back; a write with no answer (a time-out) may have been created,
 * so its slot stays spent, as does one the stored probe found stored despite its refusal. Outermost,
 * so a write's resends are one write, and the run learns when its latest write ended (the settle
 * window of absence proofs starts there).
 */
import type { ApiKnowledge } from '../api-knowledge.js';
import type { WriteBudget } from '../budget.js';
import { HttpError } from '../errors.js';
import { isSuccess, type Exchange } from '../exchange.js';
import type { Policy } from '../pipeline.js';

export interface WriteGuardOptions {
  api: Pick<ApiKnowledge, 'isWrite' | 'mayCreate'>;
  readOnly: boolean;
  budget: WriteBudget;
  /** --max-writes as given, for the sentence of a spent budget. */
  maxWrites: number;
  /** A refused answer whose write was found stored anyway (its slot stays spent). */
  storedDespite: (exchange: Exchange) => boolean;
  /** A write ended, answered or not. */
  writeEnded: () => void;
}

export function writeGuard(options: WriteGuardOptions): Policy {
  return async (request, next) => {
    const { method, path } = request;
    const isWrite = options.api.isWrite(request);
    if (isWrite && options.readOnly) {
      throw new HttpError('READ_ONLY', `${method} ${path} not sent: --read-only forbids writes`);
    }
    const mayCreate = options.api.mayCreate(request);
    if (mayCreate && !(await options.budget.reserve())) {
      throw new HttpError('WRITE_BUDGET', `${method} ${path} not sent: the write budget (--max-writes ${options.maxWrites}) is spent`);
    }
    let exchange: Exchange | undefined;
    try {
      exchange = await next(request);
      return exchange;
    } finally {
      if (mayCreate) options.budget.settle(exchange === undefined || isSuccess(exchange) || options.storedDespite(exchange));
      // A body that could describe nothing was sent outside the budget: a server that created something anyway has it counted.
      else if (request.describesNoResource === true && exchange !== undefined && isSuccess(exchange)) options.budget.spendUnplanned();
      if (isWrite) options.writeEnded();
    }
  };
}
