/**
 * Which spec the checks quote: its title (the first heading) and the sha256 of its text, the hash
 * results.json has always carried as specHash.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { specPath } from '../paths.js';

export interface SpecIdentity {
  title: string;
  /** "sha256:" and 64 hex digits of the spec file's bytes. */
  hash: string;
}

export function specIdentityOf(text: Buffer): SpecIdentity {
  const heading = /^#\s+(.+)$/m.exec(text.toString('utf8'));
  return { title: heading?.[1]?.trim() ?? '(untitled)', hash: `sha256:${createHash('sha256').update(text).digest('hex')}` };
}

let ours: SpecIdentity | undefined;
/** The shipped spec's identity, read on first use. */
export const specIdentity = (): SpecIdentity => (ours ??= specIdentityOf(readFileSync(specPath)));

export const specText = (spec: SpecIdentity): string => `"${spec.title}", ${spec.hash}`;
