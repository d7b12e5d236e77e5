/**
 * The report directory is made and proved writable before the first request: a --report-dir that is
 * a file, or a directory the user cannot write, used to be found only after every request was sent,
 * and the run ended without results.json and without the ids of what it had created.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** undefined when DIR is usable; otherwise the sentence that says what is in the way. */
export function reportDirProblem(dir: string, given: string): string | undefined {
  try {
    mkdirSync(dir, { recursive: true });
    const probe = join(dir, `.write-probe-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'EEXIST' || code === 'ENOTDIR'
        ? 'a file is in the way'
        : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
          ? 'no permission to write there'
          : (code ?? (error as Error).message);
    return `--report-dir ${given} cannot hold the reports (${why}): give another --report-dir (CONFORMANCE_REPORT_DIR) or free that path`;
  }
}
