/**
 * report.html: one self-contained page (no external scripts, styles, fonts or images) a partner can
 * attach to a certification: verdict, the requirement matrix by section, and each failure with its
 * quoted requirement, evidence and curl line.
 */
import type { CheckRecord, Results } from './results.js';

const esc = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const STYLE = `
body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:70rem;padding:1rem;color:#1b1b1b}
h1{font-size:1.4rem} h2{font-size:1.15rem;margin-top:2rem}
.verdict{font-size:1.3rem;font-weight:700;padding:.6rem 1rem;border-radius:.4rem;display:inline-block}
.conformant{background:#dff5e1;color:#0b5d1e}.non-conformant{background:#fde2e1;color:#8a1010}
.inconclusive,.could-not-run{background:#fff1cc;color:#6b4b00}
table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}
.o{font-weight:700;text-transform:uppercase;font-size:.8rem}.o-pass{color:#0b5d1e}.o-fail{color:#b00}.o-warn{color:#a86400}
.o-skip,.o-untested{color:#555}.o-inconclusive{color:#6b4b00}
blockquote{border-left:4px solid #999;margin:.5rem 0;padding:.2rem .8rem;background:#f6f6f6}
pre{background:#f3f3f3;padding:.5rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all}
details{margin:.8rem 0;border:1px solid #ddd;border-radius:.3rem;padding:.4rem .8rem}
summary{cursor:pointer;font-weight:600}
@media print{details{break-inside:avoid}details>*{display:block}}
`;

function failureBlock(check: CheckRecord, open: boolean): string {
  const findings = check.findings
    .slice(0, 20)
    .map((f) => `<li>${esc(f.message)}${f.expected ? `<br>expected: <code>${esc(f.expected)}</code>; seen: <code>${esc(f.actual ?? '')}</code>` : ''}${f.counterexample ? `<br>counterexample: <code>${esc(f.counterexample)}</code>` : ''}</li>`)
    .join('');
  const evidence = check.exchanges
    .filter((e) => check.findings.some((f) => f.exchange === e.seq))
    .slice(0, 3)
    .map(
      (e) =>
        `<p>Request: <code>${esc(`${e.method} ${e.url}`)}</code>${e.requestBody ? `<pre>${esc(e.requestBody)}</pre>` : ''}</p><p>Response: <code>${e.status}</code><pre>${esc(e.responseBody)}</pre></p><p>Reproduce with:</p><pre class="curl">${esc(e.curl)}</pre>`,
    )
    .join('');
  return `<details${open ? ' open' : ''} id="check-${esc(check.id)}"><summary><span class="o o-${check.outcome}">${check.outcome}</span> ${esc(check.id)} (section ${esc(check.section)}, ${check.level}: <code>${esc(check.requirement)}</code>)</summary>
<p>${esc(check.title)}.</p><blockquote>${esc(check.quote)}</blockquote><ul>${findings}</ul>${evidence}</details>`;
}

export function toHtml(results: Results): string {
  const s = results.summary;
  const bySection = [...results.requirements].sort((a, b) => a.section.localeCompare(b.section, 'en', { numeric: true }));
  const matrix = bySection
    .map(
      (r) =>
        `<tr><td>${esc(r.section)}</td><td><code>${esc(r.id)}</code></td><td>${r.level}</td><td class="o o-${r.outcome}">${r.outcome}</td><td>${r.checks.map((c) => `<code>${esc(c)}</code>`).join(' ')}</td></tr>`,
    )
    .join('\n');
  const failures = results.checks.filter((c) => c.outcome === 'fail').map((c) => failureBlock(c, true)).join('\n');
  const warnings = results.checks.filter((c) => c.outcome === 'warn').map((c) => failureBlock(c, false)).join('\n');
  const rest = results.checks
    .map((c) => `<tr><td><code>${esc(c.id)}</code></td><td class="o o-${c.outcome}">${c.outcome}</td><td>${esc(c.message)}</td></tr>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>banklink-conformance: ${esc(results.verdict)}</title><style>${STYLE}</style></head><body>
<h1>banklink-conformance report</h1>
<p class="verdict ${esc(results.verdict)}" id="verdict">${esc(results.verdict.toUpperCase())}</p>
<table><tr><th>Target</th><td><code>${esc(results.target.baseUrl)}</code>${results.target.embedded ? ' (embedded reference)' : ''}</td></tr>
<tr><th>Suite version</th><td>${esc(results.suiteVersion)}</td></tr><tr><th>Spec</th><td><code>${esc(results.specHash)}</code></td></tr>
<tr><th>Date</th><td>${esc(results.startedAt)}</td></tr><tr><th>Seed</th><td>${results.seed} (replay: <code>--seed ${results.seed}</code>)</td></tr>
<tr><th>Counts</th><td>${s.pass} pass · ${s.fail} fail · ${s.warn} warn · ${s.skip} skip · ${s.inconclusive} inconclusive · ${s.total} checks</td></tr></table>
${failures ? `<h2>Failures</h2>${failures}` : ''}
${warnings ? `<h2>Warnings</h2>${warnings}` : ''}
<h2>Requirements by section</h2><table><tr><th>Section</th><th>Requirement</th><th>Level</th><th>Outcome</th><th>Checks</th></tr>${matrix}</table>
<h2>All checks</h2><table><tr><th>Check</th><th>Outcome</th><th>Message</th></tr>${rest}</table>
<h2>Created by this run</h2><p>${results.created.length === 0 ? 'Nothing.' : results.created.map((c) => `<code>${esc(c.id)}</code>`).join(' ')}</p>
${results.errors.length ? `<h2>Errors</h2><ul>${results.errors.map((e) => `<li>${esc(e)}</li>`).join('')}</ul>` : ''}
</body></html>
`;
}
