/**
 * The run's shared state inside the vitest worker: one HTTP client (one connection pool, one write
 * budget, one exchange log) and one redactor for all suites. The runner uses a single worker with
 * isolate: false, so this module is evaluated once per run and every suite file shares it.
 */
import { inject } from 'vitest';
import { HttpClient } from '../http/client.js';
import { Redactor } from '../http/redact.js';
import { redactorFor } from './secrets.js';
import type { RunSettings } from './settings.js';

export interface RunContext {
  settings: RunSettings;
  client: HttpClient;
  redactor: Redactor;
}

let current: RunContext | undefined;

export function runContext(): RunContext {
  if (current) return current;
  const settings = inject('conformance');
  if (!settings) throw new Error('the suites run only through the CLI (npm run conformance), which provides the target');
  const redactor = redactorFor(settings);
  current = {
    settings,
    redactor,
    client: new HttpClient({
      baseUrl: settings.baseUrl,
      tokenA: settings.tokenA,
      tokenB: settings.tokenB,
      timeoutMs: settings.timeoutMs,
      maxBodyBytes: settings.maxBodyBytes,
      concurrency: settings.concurrency,
      rateLimit: settings.rateLimit,
      readOnly: settings.readOnly,
      maxWrites: settings.maxWrites,
      maxRetryAfterMs: 5_000,
      maxThrottleRetries: 3,
      throttleBudgetMs: 20_000,
      onExchange: (exchange) => {
        if (exchange.request.body !== undefined) {
          try {
            redactor.noteSent(JSON.parse(exchange.request.body));
          } catch {
            // A deliberately malformed body holds no values to keep whole.
          }
        }
        redactor.learnFrom(exchange.json);
      },
    }),
  };
  return current;
}
