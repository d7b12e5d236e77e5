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
  if (variation.errorShape === 'problem') {
    const text = JSON.stringify({ type: `https://errors.example/${code}`, title: code.replace(/_/g, ' '), status, detail: message });
    res.writeHead(status, { 'content-type': 'application/problem+json', 'content-length': Buffer.byteLength(text), ...headers });
    res.end(text);
    return;
  }
  sendJson(res, status, { error: { code, message } }, headers);
}

export class BodyTooLarge extends Error {}

export async function readBody(req: IncomingMessage, cap = 1_048_576): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > cap) throw new BodyTooLarge(`request body over ${cap} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
