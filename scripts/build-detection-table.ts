/** Rewrites README.md's detection table (per check, the faults that prove it) from the registry and the fault catalog. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../src/paths.js';
import { DETECTION_TABLE_END, DETECTION_TABLE_START, detectionMarkdown } from '../src/reference/faults/proofs.js';

const readme = join(packageRoot, 'README.md');
const text = readFileSync(readme, 'utf8');
const start = text.indexOf(DETECTION_TABLE_START);
const end = text.indexOf(DETECTION_TABLE_END);
if (start === -1 || end === -1) throw new Error(`README.md has no ${DETECTION_TABLE_START} ... ${DETECTION_TABLE_END} block to rewrite`);
writeFileSync(readme, text.slice(0, start) + detectionMarkdown() + text.slice(end + DETECTION_TABLE_END.length));
console.log('README.md: detection table rewritten');
