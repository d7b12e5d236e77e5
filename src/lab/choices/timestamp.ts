/** Choice: how a date-time is written (spec 2.1: "string, ISO 8601 date-time", no profile of ISO 8601 named). */
import type { Variation } from '../variations.js';
import type { Choice } from './choice.js';

export const timestampChoice: Choice = {
  name: 'timestamp style',
  silence: '2.1: created_at "string, ISO 8601 date-time" (which of ISO 8601\'s forms is not shown)',
  fields: ['timestampStyle'],
  alternatives: [
    { does: 'RFC 3339 with Z', holds: (v) => v.timestampStyle === 'Z', variations: ['baseline'] },
    {
      does: 'RFC 3339 with +00:00',
      holds: (v) => v.timestampStyle === 'offset',
      variations: ['ok-200-desc-offset', 'create-200-digits-422'],
    },
    { does: "ISO 8601's basic format (20261126T072800.123Z)", holds: (v) => v.timestampStyle === 'basic', variations: ['paged-rfp-403'] },
    { does: 'a local time with no offset', holds: (v) => v.timestampStyle === 'local', variations: ['lenient-capped'] },
  ],
  code: ['src/lab/choices/timestamp.ts'],
};

export function timestamp(date: Date, variation: Pick<Variation, 'timestampStyle'>): string {
  const iso = date.toISOString();
  if (variation.timestampStyle === 'Z') return iso;
  if (variation.timestampStyle === 'basic') return iso.replace(/[-:]/g, '');
  // A local time: the server's wall clock (UTC here) with no offset.
  if (variation.timestampStyle === 'local') return iso.replace(/Z$/, '');
  return iso.replace(/Z$/, '+00:00');
}
