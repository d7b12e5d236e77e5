/**
 * Requests per second on GET /user_banks?limit=100: the suite's HttpClient (as the checks use it)
 * with N requests in flight, against autocannon with N connections, same server, same duration.
 */
import autocannon from 'autocannon';
import { benchContext, benchSettings } from './suite-context.js';

export interface Rate {
  requests: number;
  seconds: number;
  perSecond: number;
  non2xx: number;
  /** CPU time of this process (user + system) per request: a figure other load on the machine barely moves. */
  cpuMsPerRequest: number;
}

const cpuMs = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

const PATH = '/user_banks?limit=100';

export async function clientRate(url: string, token: string, concurrency: number, seconds: number): Promise<Rate> {
  const { client } = benchContext(benchSettings(url, token, '', concurrency));
  let requests = 0;
  let non2xx = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const until = started + seconds * 1000;
  const worker = async (): Promise<void> => {
    while (performance.now() < until) {
      const exchange = await client.send({ path: '/user_banks', query: { limit: 100 } });
      requests += 1;
      if (exchange.status < 200 || exchange.status >= 300) non2xx += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const cpuPerRequest = cpuMs(cpu) / Math.max(1, requests);
  await client.close();
  return { requests, seconds: elapsed, perSecond: requests / elapsed, non2xx, cpuMsPerRequest: cpuPerRequest };
}

export async function autocannonRate(url: string, token: string, concurrency: number, seconds: number): Promise<Rate> {
  const cpu = process.cpuUsage();
  const result = await autocannon({
    url: url + PATH,
    connections: concurrency,
    pipelining: 1,
    duration: seconds,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  const total = result.requests.total;
  return { requests: total, seconds: result.duration, perSecond: total / result.duration, non2xx: result.non2xx + result.errors, cpuMsPerRequest: cpuMs(cpu) / Math.max(1, total) };
}
