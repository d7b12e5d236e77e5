/**
 * The resources a run created on the target, as the API says an answer created one
 * (ApiKnowledge.createdIdOf): every id, so a late-listed creation of ours is never taken for a
 * refused write's, and those not yet handed to the result of the check that sent them (sender.ts),
 * for results.json created[]. An observer of the recording (policies/record.ts), and told of a
 * write found stored although its answer was refused (resend-safety.ts).
 */
import type { ApiKnowledge } from './api-knowledge.js';
import type { Exchange } from './exchange.js';
import { currentSender } from './sender.js';

interface Created {
  id: string;
  by: string | undefined;
  purpose?: string;
}

export class CreatedResources {
  /** Every id this run created. */
  readonly ids = new Set<string>();
  /** The request bodies of the answers that created something, as sent (never reported: only their value classes are, src/results/value-classes-covered.ts). */
  readonly bodies: string[] = [];
  /** Created, not yet handed to a check's result. */
  private undrained: Created[] = [];
  /** Checks whose result has taken its created ids. */
  private readonly endedSenders = new Set<string>();

  constructor(private readonly createdIdOf: ApiKnowledge['createdIdOf']) {}

  /** An exchange came back: what it created, if anything (a placeholder id is kept for the result, not as an id). */
  noteAnswer(exchange: Exchange, purpose: string | undefined): void {
    const id = this.createdIdOf(exchange);
    if (id === undefined) return;
    this.undrained.push({ id, by: currentSender(), ...(purpose !== undefined ? { purpose } : {}) });
    if (!id.startsWith('(')) this.ids.add(id);
    if (exchange.request.body !== undefined) this.bodies.push(exchange.request.body);
  }

  /** A write whose answer was refused or lost was found stored (the stored probe). */
  noteStored(id: string): void {
    this.undrained.push({ id, by: currentSender() });
    this.ids.add(id);
  }

  /**
   * What `checkId` created, with why when the request said (RequestOptions.purpose); also any created
   * for a check that has already ended (a POST still in flight when its check was cut off by its time
   * bound), so the run's created[] is complete however a check sent its POST.
   */
  take(checkId: string): { id: string; purpose?: string }[] {
    this.endedSenders.add(checkId);
    const mine = (c: Created): boolean => c.by === undefined || this.endedSenders.has(c.by);
    const taken = this.undrained.filter(mine);
    this.undrained = this.undrained.filter((c) => !mine(c));
    return taken.map(({ id, purpose }) => ({ id, ...(purpose !== undefined ? { purpose } : {}) }));
  }
}
