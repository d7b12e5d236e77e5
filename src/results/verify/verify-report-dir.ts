/**
 * `verify DIR`: whether a report directory can be handed on as a certificate. In order: results.json
 * is valid against its schema; its verdict follows from its checks; report.md, junit.xml and
 * report.html were made from it; its coverage is complete; it names the implementation it certifies;
 * the suite that ran is a released one.
 * What cannot be read makes the items that need it "could not check", never ok.
 */
import { existsSync, statSync } from 'node:fs';
import { checkCoverage } from './coverage-check.js';
import { checkImplementation } from './implementation-check.js';
import { couldNotCheck, type VerifyItem } from './item.js';
import { readResults } from './read-results.js';
import { checkReportFiles } from './report-files-check.js';
import { checkSuite } from './suite-check.js';
import { checkVerdict } from './verdict-check.js';
import type { Results } from '../results.js';

export interface Verification {
  items: VerifyItem[];
  /** The results read, when they were valid: the command heads its output with what they certify. */
  results?: Results;
}

const AFTER_RESULTS = [
  'verdict',
  'report.md made from results.json',
  'junit.xml made from results.json',
  'report.html made from results.json',
  'coverage',
  'implementation',
  'suite digest',
];

export function verifyReportDir(dir: string): Verification {
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    return { items: [couldNotCheck('report directory', `${dir} is not a directory: give the --report-dir of a run`)] };
  const { item, results } = readResults(dir);
  if (results === undefined)
    return { items: [item, ...AFTER_RESULTS.map((name) => couldNotCheck(name, 'results.json could not be read as a valid results.json'))] };
  return {
    items: [
      item,
      checkVerdict(results),
      ...checkReportFiles(dir, results),
      checkCoverage(results),
      checkImplementation(results),
      checkSuite(results),
    ],
    results,
  };
}
