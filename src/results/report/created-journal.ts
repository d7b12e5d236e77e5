/**
 * DIR/created.json, kept current while the run goes: every resource the run created on the target,
 * written the moment its answer arrives. results.json lists them too, but only when the run ends; a
 * run that is killed, crashes or loses its machine still leaves the clean-up list here.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const CREATED_JOURNAL = 'created.json';

interface JournalEntry {
  resource: 'user_bank';
  id: string;
  createdAt: string;
}

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

  add(id: string): void {
    this.entries.push({ resource: 'user_bank', id, createdAt: new Date().toISOString() });
    try {
      this.write();
    } catch {
      // The directory was proved writable before the run; if it stops being so (a full disk), the
      // request that created the resource must not fail for it: results.json still lists the id.
    }
  }

  private write(): void {
    const text = `${JSON.stringify({ target: this.baseUrl, note: 'resources this run created on the target, for clean-up; complete up to the moment of writing', created: this.entries }, null, 2)}\n`;
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
