/**
 * The run's shared state inside the vitest worker. The runner uses a single worker with
 * isolate: false, so this module is evaluated once per run and every suite file shares one context.
 */
import { inject } from 'vitest';
import { contextFor, type RunContext } from './context-for.js';

export type { RunContext } from './context-for.js';

let current: RunContext | undefined;

export function runContext(): RunContext {
  if (current) return current;
  const settings = inject('conformance');
  if (!settings) throw new Error('the suites run only through the CLI (npm run conformance), which provides the target');
  current = contextFor(settings);
  return current;
}
