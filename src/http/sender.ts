/**
 * Which check a request is sent for: the check's body runs inside `sendingFor(id, ...)`, and the
 * client reads it when a request creates a resource, so results.json created[] names the check that
 * created each one even while checks run side by side.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<string>();

export function sendingFor<T>(checkId: string, body: () => Promise<T>): Promise<T> {
  return current.run(checkId, body);
}

/** The check whose body the caller runs in, if any. */
export function currentSender(): string | undefined {
  return current.getStore();
}
