/**
 * Requests per second on GET /user_banks?limit=100: the suite's HttpClient (as the checks use it)
 * with N requests in flight, against autocannon with N connections, same server, same duration.
 */
import autocannon from 'autocannon';
import { Agent, request } from 'undici';
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

/** `concurrency` loops sending one request each with `send` (which answers the status) for `seconds`. */
async function closedLoopRate(concurrency: number, seconds: number, send: () => Promise<number>): Promise<Rate> {
  let requests = 0;
  let non2xx = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const until = started + seconds * 1000;
  const worker = async (): Promise<void> => {
    while (performance.now() < until) {
      const status = await send();
      requests += 1;
      if (status < 200 || status >= 300) non2xx += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  return { requests, seconds: elapsed, perSecond: requests / elapsed, non2xx, cpuMsPerRequest: cpuMs(cpu) / Math.max(1, requests) };
}

export async function clientRate(url: string, token: string, concurrency: number, seconds: number): Promise<Rate> {
  const { client } = benchContext(benchSettings(url, token, '', concurrency));
  const rate = await closedLoopRate(
    concurrency,
    seconds,
    async () => (await client.send({ path: '/user_banks', query: { limit: 100 } })).status,
  );
  await client.close();
  return rate;
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
  return {
    requests: total,
    seconds: result.duration,
    perSecond: total / result.duration,
    non2xx: result.non2xx + result.errors,
    cpuMsPerRequest: cpuMs(cpu) / Math.max(1, total),
  };
}

/**
 * The floor under the client's CPU per page: undici's request plus JSON.parse of the body, nothing
 * else (no redaction, evidence, throttle or schema), same concurrency, same pages. The client cannot
 * do less than this for a 100-item page it must read; clientCpuVsParseFloor is the client over it.
 */
export async function parseFloorRate(url: string, token: string, concurrency: number, seconds: number): Promise<Rate> {
  const agent = new Agent({ connections: concurrency, pipelining: 1 });
  const rate = await closedLoopRate(concurrency, seconds, async () => {
    const answer = await request(url + PATH, {
      dispatcher: agent,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    JSON.parse(await answer.body.text());
    return answer.statusCode;
  });
  await agent.close();
  return rate;
}
