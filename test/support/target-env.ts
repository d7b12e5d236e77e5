/**
 * A running reference given to the CLI as a partner gives a target in CI: through the environment,
 * tokens included, never on the command line.
 */
import type { RunningReference } from '../../src/lab/server.js';

export const targetEnv = (r: RunningReference): Record<string, string> => ({
  CONFORMANCE_BASE_URL: r.url,
  CONFORMANCE_TOKEN: r.callers.a.token,
  CONFORMANCE_USER_ID: r.callers.a.userIds[0] as string,
  CONFORMANCE_TOKEN_B: r.callers.b.token,
  CONFORMANCE_USER_ID_B: r.callers.b.userIds[0] as string,
});
