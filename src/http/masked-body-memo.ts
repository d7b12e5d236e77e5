/**
 * The last answer body masked for the HAR, with the redactor and its version when it was masked. A
 * body that comes back whole (a page listed again, a User read again) under a redactor that has
 * learned nothing since masks to the same text, so it is masked once; a secret or value learned in
 * between changes the version and the body is masked again. One body is kept: this is for the same
 * answer coming back, not a store of bodies.
 */
import type { Redactor } from './redact.js';

export class MaskedBodyMemo {
  private last: { text: string; redactor: Redactor; version: number; masked: string } | undefined;

  masked(text: string, redactor: Redactor, mask: () => string): string {
    const last = this.last;
    if (last !== undefined && last.redactor === redactor && last.version === redactor.version && last.text === text) return last.masked;
    const masked = mask();
    this.last = { text, redactor, version: redactor.version, masked };
    return masked;
  }
}
