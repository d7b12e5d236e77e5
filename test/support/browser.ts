/**
 * Which chromium the browser test drives. In order: BANKLINK_CHROMIUM (a person's explicit choice), a
 * chromium on PATH (a developer's own browser), else the one `npm ci` installed with
 * @sparticuz/chromium, whose binary ships inside the package, so a fresh machine needs no system package.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export interface ChromiumChoice {
  executablePath: string;
  /** Where it came from, for the test's error messages. */
  source: 'BANKLINK_CHROMIUM' | 'PATH' | '@sparticuz/chromium';
  /** Flags that binary needs to start headless on a server (the npm build brings its own). */
  args: string[];
}

const SERVER_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'];
// Nothing in the report may fetch anything: keep the browser itself quiet too.
const QUIET_ARGS = ['--disable-background-networking', '--disable-quic', '--disable-component-update', '--disable-sync'];

function executableOnPath(names: string[]): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of names) {
      const candidate = join(dir, name);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not here; keep looking
      }
    }
  }
  return undefined;
}

export async function chooseChromium(): Promise<ChromiumChoice> {
  const explicit = process.env.BANKLINK_CHROMIUM;
  if (explicit) return { executablePath: explicit, source: 'BANKLINK_CHROMIUM', args: [...SERVER_ARGS, ...QUIET_ARGS] };
  const onPath = executableOnPath(['chromium', 'chromium-browser']);
  if (onPath) return { executablePath: onPath, source: 'PATH', args: [...SERVER_ARGS, ...QUIET_ARGS] };
  const packaged = (await import('@sparticuz/chromium')).default;
  // Its flags are tuned for one page per Lambda call: --single-process makes closing a page end the
  // browser, and the test opens several pages in one browser.
  const args = packaged.args.filter((arg) => arg !== '--single-process');
  return { executablePath: await packaged.executablePath(), source: '@sparticuz/chromium', args: [...args, ...QUIET_ARGS] };
}
