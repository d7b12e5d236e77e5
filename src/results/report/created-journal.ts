/**
 * DIR/created.json, kept current while the run goes: every resource the run created on the target,
 * written the moment its answer arrives. results.json lists them too, but only when the run ends; a
 * run that is killed, crashes or loses its machine still leaves the clean-up list here.
 *
 * Each entry says whose it is (issue 56): the caller whose token created it (a or b, never the
 * token), the User it was created for and the check that sent it, so a partner can clean a sandbox
 * by hand, per caller and per User, without reading results.json (schemas/created.schema.json).
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const CREATED_JOURNAL = 'created.json';

/**
 * Whose credentials the creating request carried: a caller's token ('a': --token, 'b': --token-b),
 * none, another scheme, or a token of no configured caller (an auth check's request the target
 * should have refused and did not).
 */
export type CreatingCaller = 'a' | 'b' | 'none' | 'other-scheme' | 'unknown-token';

/** What the run knows of a creation when its answer arrives. */
export interface Creation {
  id: string;
  caller: CreatingCaller;
  /** The User it belongs to: the answer's user_id, else the one sent; null when neither said one. */
  user_id: string | null;
  /** The check whose request created it; null for a request sent outside every check (none is today). */
  check: string | null;
}

/** One line of the file: the keys of the first version (resource, id, createdAt) kept for their readers. */
export interface JournalEntry extends Creation {
  resource: 'user_bank';
  createdAt: string;
}

/** What the callers in the entries stand for, written in the file so it reads without these docs. */
const CALLERS_LEGEND = {
  a: 'the caller of --token (CONFORMANCE_TOKEN)',
  b: 'the caller of --token-b (CONFORMANCE_TOKEN_B)',
} as const;

export class CreatedJournal {
  private readonly entries: JournalEntry[] = [];

  constructor(
    private readonly path: string,
    private readonly baseUrl: string,
  ) {}

  static inDir(dir: string, baseUrl: string): CreatedJournal {
    return new CreatedJournal(join(dir, CREATED_JOURNAL), baseUrl);
  }

  /** An empty list at the start of a run, so a stale file of an earlier run is never taken for this one's. */
  start(): void {
    this.write();
  }

  add(creation: Creation): void {
    this.entries.push({ resource: 'user_bank', ...creation, createdAt: new Date().toISOString() });
    try {
      this.write();
    } catch {
      // The directory was proved writable before the run; if it stops being so (a full disk), the
      // request that created the resource must not fail for it: results.json still lists the id.
    }
  }

  private write(): void {
    const text = `${JSON.stringify(
      {
        target: this.baseUrl,
        note: 'resources this run created on the target, for clean-up; complete up to the moment of writing',
        callers: CALLERS_LEGEND,
        created: this.entries,
      },
      null,
      2,
    )}\n`;
    // Written aside and renamed, so a run killed mid-write leaves the previous whole file, never half of one.
    const aside = `${this.path}.tmp`;
    writeFileSync(aside, text);
    renameSync(aside, this.path);
  }
}

/** The ids DIR/created.json lists (none when it is missing or unreadable): what an unfinished run created. */
export function journalIds(dir: string): string[] {
  try {
    const parsed = JSON.parse(readFileSync(join(dir, CREATED_JOURNAL), 'utf8')) as { created?: { id?: unknown }[] };
    return (parsed.created ?? []).flatMap((entry) => (typeof entry.id === 'string' ? [entry.id] : []));
  } catch {
    return [];
  }
}
