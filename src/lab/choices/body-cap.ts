/** Choice: the largest request body the service reads (spec 8 names a limit on `limit` only). */
import type { Variation } from '../variations.js';
import type { Choice } from './choice.js';

export const bodyCapChoice: Choice = {
  name: 'request body cap',
  silence: '8: "Rate limits and limits on other operations: not shown."',
  fields: ['bodyCapBytes'],
  alternatives: [
    { does: 'a body over 1 MiB is refused 413', holds: (v) => v.bodyCapBytes > 0, variations: ['baseline'] },
    { does: 'no cap', holds: (v) => v.bodyCapBytes === 0, variations: ['create-200-digits-422'] },
  ],
  code: ['src/lab/choices/body-cap.ts'],
};

export class BodyTooLarge extends Error {}

/** The chunks of a request body; over the variation's cap (0: none), BodyTooLarge, which the server answers 413. */
export async function* cappedChunks(body: AsyncIterable<Buffer>, variation: Pick<Variation, 'bodyCapBytes'>): AsyncIterable<Buffer> {
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (variation.bodyCapBytes > 0 && size > variation.bodyCapBytes)
      throw new BodyTooLarge(`request body over ${variation.bodyCapBytes} bytes`);
    yield chunk;
  }
}
