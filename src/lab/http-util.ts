/** Small node:http helpers of the reference: JSON answers, error bodies in the chosen shape, bounded body reading. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Answer } from './hooks.js';
import { cappedChunks } from './choices/body-cap.js';
import { shapedError } from './choices/error-shape.js';
import type { Variation } from './variations.js';

/**
 * The message of an error answer. Spec 7 leaves error codes and messages open ("not shown"), so only
 * whether there is one counts; npm run mutation does not judge its text (stryker-plugins/ignorers.mjs).
 */
export type ErrorSentence = string;

export function jsonAnswer<B>(status: number, body: B, headers: Record<string, string> = {}): Answer<B> {
  return { status, body, headers };
}

/** Sends an answer the hooks may have bent: its text when set, else its body as JSON. */
export function send(res: ServerResponse, answer: Answer): void {
  const text = answer.text ?? JSON.stringify(answer.body);
  res.writeHead(answer.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...answer.headers });
  res.end(text);
}

/** An error answer in the variation's shape (choices/error-shape.ts), not sent yet (a hook may bend it first). */
export function errorAnswer(
  variation: Variation,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Answer {
  return shapedError(variation, status, code, message, headers);
}

/** An error answer sent at once, in one of two legitimate shapes (spec 7: "Error response shape ... not shown"). */
export function sendError(
  res: ServerResponse,
  variation: Variation,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  send(res, errorAnswer(variation, status, code, message, headers));
}

export { BodyTooLarge } from './choices/body-cap.js';

/** The request's body as text, read up to the variation's cap (choices/body-cap.ts). */
export async function readBody(req: IncomingMessage, variation: Pick<Variation, 'bodyCapBytes'>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of cappedChunks(req as AsyncIterable<Buffer>, variation)) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  // Kept on the request for the hooks that read the body after the handler did (hooks.ts).
  (req as IncomingMessage & { bodyText?: string }).bodyText = text;
  return text;
}
