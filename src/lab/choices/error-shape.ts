/** Choice: the shape of an error answer's body (spec 7: "Error response shape ... not shown"). */
import type { Answer } from '../hooks.js';
import type { Variation } from '../variations.js';
import type { Choice } from './choice.js';

export const errorShapeChoice: Choice = {
  name: 'error shape',
  silence: '7: "Error response shape, error codes and status codes for failures: not shown."',
  fields: ['errorShape'],
  alternatives: [
    { does: 'a JSON body {"error": {code, message}}', holds: (v) => v.errorShape === 'simple', variations: ['baseline'] },
    {
      does: 'an RFC 9457 problem+json body',
      holds: (v) => v.errorShape === 'problem',
      variations: ['ok-200-desc-offset', 'create-200-digits-422'],
    },
  ],
  code: ['src/lab/choices/error-shape.ts'],
};

/** An error answer with this status and headers, its body in the variation's shape. */
export function shapedError(variation: Variation, status: number, code: string, message: string, headers: Record<string, string>): Answer {
  if (variation.errorShape === 'problem')
    return {
      status,
      body: { type: `https://errors.example/${code}`, title: code.replace(/_/g, ' '), status, detail: message },
      headers: { 'content-type': 'application/problem+json', ...headers },
    };
  return { status, body: { error: { code, message } }, headers };
}
