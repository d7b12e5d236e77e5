/**
 * State a suite file shares between its checks for one run (answers to reuse, a planned run count),
 * keyed by the run's HTTP client: module-level variables would outlive the run if the runner ever
 * evaluated the suite once for several runs (isolate: false).
 */
import type { HttpClient } from '../http/client.js';

export function perRun<T>(make: (client: HttpClient) => T): (client: HttpClient) => T {
  const byClient = new WeakMap<HttpClient, T>();
  return (client) => {
    let value = byClient.get(client);
    if (value === undefined) {
      value = make(client);
      byClient.set(client, value);
    }
    return value;
  };
}
