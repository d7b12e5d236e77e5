/** Identifier formats a conformant implementation may choose (spec: "Unique identifier", format not shown). */
import type { Variation } from './variations.js';

export type IdKind = 'user' | 'bank' | 'rfp';
const PREFIX: Record<IdKind, string> = { user: 'usr', bank: 'ub', rfp: 'rfp' };

export class IdFactory {
  private counter = 0;
  constructor(
    private readonly format: Variation['idFormat'],
    private readonly random: () => number,
  ) {}

  next(kind: IdKind): string {
    this.counter += 1;
    if (this.format === 'digits') return String(100_000 + this.counter);
    if (this.format === 'uuid') return this.uuid();
    return `${PREFIX[kind]}_${this.counter.toString(36).padStart(4, '0')}${this.hex(8)}`;
  }

  private hex(length: number): string {
    let out = '';
    for (let i = 0; i < length; i += 1) out += Math.floor(this.random() * 16).toString(16);
    return out;
  }

  private uuid(): string {
    const variant = (8 + Math.floor(this.random() * 4)).toString(16);
    return `${this.hex(8)}-${this.hex(4)}-4${this.hex(3)}-${variant}${this.hex(3)}-${this.hex(12)}`;
  }
}

// The seeded generator, so every start of the reference holds the same data.
export { seededRandom } from '../core/domain/seeded-random.js';
