/**
 * One caller's bearer token over a run. A token given as a string is the token for the whole run. A
 * token from a command (--token-command) is obtained again shortly before the expiry the command
 * told, and once after a 401 to a request sent with a token that the target had already accepted:
 * the token expired, not the server refusing valid tokens. A fresh token that is refused is never
 * refreshed again on that account, so a server that refuses every fresh token still gets its 401s
 * judged as answers (the exchange says the token was freshly issued, and the invariant of requests
 * the spec serves fails it), and a run cannot loop on the command.
 */
import { utcClock } from '../core/domain/utc-clock.js';
import { HttpError } from './errors.js';
import { runTokenCommand, type IssuedToken } from './token-command.js';

export interface TokenCommandSettings {
  command: string;
  /** Where the command was given, named in the sentence of a failure ("--token-command"). */
  named: string;
}

/** How long before the told expiry a token is replaced: a fifth of its life, between 1 and 60 seconds. */
export function refreshMargin(lifetimeMs: number): number {
  return Math.min(60_000, Math.max(1_000, lifetimeMs / 5));
}

/** How long one read's word on a token serves the 401s that follow it. */
const SHARED_READ_MS = 1_000;

export class TokenSource {
  private token: string;
  private expiresAt: number | undefined;
  private issuedAt: number;
  /** Tokens an answer other than 401 has been given to: only such a token's 401 means it expired. */
  private readonly served = new Set<string>();
  /** Tokens a 401 has already refreshed (the refresh is shared by every request it met). */
  private readonly refreshed = new Map<string, Promise<string>>();
  private pending: Promise<string> | undefined;
  /** Times the command was run again during the run (the traffic summary reports it). */
  refreshes = 0;
  /** Answers other than 401 its tokens were given. */
  private accepted = 0;
  /** A token given as a string whose end was proven (see ended()): nothing more is sent with it. */
  private end: { sentence: string } | undefined;
  /** Per token that worked and then met a 401: whether a plain read still accepts it, and when that was asked (shared for a moment). */
  private readonly stillAccepted = new Map<string, { at: number; answer: Promise<boolean> }>();

  constructor(
    issued: IssuedToken & { served?: boolean },
    private readonly command: TokenCommandSettings | undefined,
    /** Told of each new token before it is sent anywhere, so the run's redactor replaces it from its first use. */
    private readonly onNewToken: (token: string) => void = () => undefined,
  ) {
    this.token = issued.token;
    this.expiresAt = issued.expiresAt;
    this.issuedAt = Date.now();
    if (issued.served) this.served.add(issued.token);
  }

  /** The token to send now; from a command, a new one first when the told expiry is near. */
  async current(): Promise<string> {
    if (this.end !== undefined) throw new HttpError('TOKEN_EXPIRED', this.end.sentence);
    if (this.command === undefined || this.expiresAt === undefined) return this.token;
    const margin = refreshMargin(this.expiresAt - this.issuedAt);
    if (Date.now() < this.expiresAt - margin) return this.token;
    return this.refresh();
  }

  /** The token as it stands, without refreshing (the first caller's token near-misses are built from the first one). */
  get latest(): string {
    return this.token;
  }

  /**
   * Whether `token` is one the command issued during the run that no answer has accepted yet, within
   * its told lifetime: a 401 to it is the target refusing a token its token service just issued (the
   * command's first token proved it works in the preflight), not an expiry.
   */
  freshlyIssued(token: string): boolean {
    return (
      this.command !== undefined &&
      this.refreshes > 0 &&
      token === this.token &&
      !this.served.has(token) &&
      (this.expiresAt === undefined || Date.now() < this.expiresAt)
    );
  }

  /** An answer other than 401 to `token`: it works (a later 401 to it means it expired). */
  servedWith(token: string): void {
    this.served.add(token);
    this.accepted += 1;
  }

  /**
   * A 401 to a token given as a string that had worked: whether it has ended. A plain read the token
   * was accepted on (`stillWorks`, asked once per token and shared) tells: accepted, the 401 was the
   * server's answer to that request, judged as any; refused too, the token stopped being accepted,
   * which the run cannot mend (nothing renews a string) and must not blame on the server. The 401s of
   * one moment share one read; a 401 later asks again, since the token may have ended since.
   */
  async ended(token: string, stillWorks: () => Promise<boolean>, caller: string): Promise<string | undefined> {
    if (this.command !== undefined || !this.served.has(token)) return undefined;
    if (this.end !== undefined) return this.end.sentence;
    let asked = this.stillAccepted.get(token);
    if (asked === undefined || Date.now() - asked.at > SHARED_READ_MS) {
      asked = { at: Date.now(), answer: stillWorks() };
      this.stillAccepted.set(token, asked);
    }
    if (await asked.answer) return undefined;
    this.end ??= {
      sentence:
        `caller ${caller.toUpperCase()}'s token stopped being accepted at ${utcClock(Date.now())}, after ${this.accepted} answer(s) had accepted it: ` +
        `every request with it is now answered 401, a plain read that had accepted it too; a token given as a string cannot be renewed, so the rest of this caller's checks could not look: ` +
        `--token-command (or CONFORMANCE_TOKEN_COMMAND) follows a token's lifetime`,
    };
    return this.end.sentence;
  }

  /** Why the token can no longer be sent, once its end was proven. */
  get endedBecause(): string | undefined {
    return this.end?.sentence;
  }

  /**
   * A 401 to a request sent with `token`: the token to send the request again with, or undefined
   * when it is not to be sent again (no command, or the token never worked, or the same 401 was
   * already answered by a refresh that this request missed: it gets the refreshed token).
   */
  async afterRefusal(token: string): Promise<string | undefined> {
    if (this.command === undefined || !this.served.has(token)) return undefined;
    let refreshing = this.refreshed.get(token);
    if (refreshing === undefined) {
      // Another request already replaced this token (it expired for both): use the newer one.
      refreshing = token !== this.token ? Promise.resolve(this.token) : this.refresh();
      this.refreshed.set(token, refreshing);
    }
    return refreshing;
  }

  private refresh(): Promise<string> {
    // Requests that find the token near its end together share one run of the command.
    this.pending ??= (async () => {
      try {
        const command = this.command as TokenCommandSettings;
        const issued = await runTokenCommand(command.command, command.named);
        this.onNewToken(issued.token);
        this.token = issued.token;
        this.expiresAt = issued.expiresAt;
        this.issuedAt = Date.now();
        this.refreshes += 1;
        return issued.token;
      } finally {
        this.pending = undefined;
      }
    })();
    return this.pending;
  }
}
