/**
 * report.html: one self-contained page (no external scripts, styles, fonts or images) a partner can
 * attach to a certification and an engineer can read on a phone at 2 a.m.: the verdict first, then
 * each failure opened with the sentence of the spec it breaks, what was expected, what was seen,
 * the redacted exchange and the curl line that replays it; then the requirement matrix by spec
 * section, every check, and what the run created. Print opens every collapsed block.
 */
import { unmaskedEvidenceWarning } from './unmasked-evidence.js';
import type { Comparison } from '../compare/diff.js';
import { sinceBaselineHtml } from '../compare/html.js';
import { conditionLines } from './run-conditions.js';
import { harEntryLabel } from './har-entry.js';
import type { Outcome } from '../../contract/checks/types.js';
import type { ExchangeEvidence } from '../../http/evidence.js';
import { hasRequirement, requirement } from '../../core/requirements.js';
import { bodyExcerpt } from './excerpt.js';
import { headline, mergedFindings, recurrenceText, whereOf } from './headline.js';
import { readableQuote } from './readable-quote.js';
import { outcomeForRequirement } from '../requirement-outcome.js';
import type { CheckRecord, RequirementOutcome, RequirementRecord, Results } from '../results.js';
import { checks as registeredChecks } from '../../contract/checks/registry.js';
import { compareSections, sectionLabel } from './sections.js';
import { checkReplay, createdSummary, replayCommand, replayNote, VERDICT_TEXT } from './wording.js';
import { identityItems, implementationLine, verdictWithCoverage } from './identity.js';
import { citedRequirement } from './cited-requirement.js';

const esc = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A fragment id that survives any check id. */
const anchor = (id: string): string => `check-${id.replace(/[^A-Za-z0-9_.-]/g, '_')}`;

const badge = (outcome: RequirementOutcome): string => `<span class="badge b-${outcome}">${outcome}</span>`;

const STYLE = `
:root{--fg:#1b1b1b;--muted:#5a5a5a;--line:#d6d6d6;--soft:#f4f4f2;--pass:#0b6b2a;--fail:#b3161b;--warn:#8a5a00;--skip:#55595e;--inc:#6a3d9a}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;max-width:64rem;padding:1rem;color:var(--fg);background:#fff;overflow-wrap:anywhere}
h1{font-size:1.45rem;margin:.2rem 0 .8rem}h2{font-size:1.2rem;margin:2.2rem 0 .6rem;padding-bottom:.2rem;border-bottom:2px solid var(--line)}
h3{font-size:1.02rem;margin:1.4rem 0 .4rem}h4{font-size:.9rem;margin:1rem 0 .3rem;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.86em}
pre{background:var(--soft);border:1px solid var(--line);border-radius:.3rem;padding:.55rem .7rem;margin:.3rem 0;white-space:pre-wrap;word-break:break-word;overflow-wrap:anywhere;max-width:100%}
a{color:#0b4f9c}
.kicker{margin:0;color:var(--muted);font-size:.85rem;letter-spacing:.03em}
.subject{margin:.3rem 0 0;font-size:1.1rem;font-weight:700}
.verdict{margin:.4rem 0 1rem;padding:.8rem 1rem;border-radius:.45rem;border:2px solid}
.verdict strong{display:block;font-size:1.5rem;letter-spacing:.03em}
.v-conformant{background:#e3f5e7;color:var(--pass);border-color:#9fd6ad}
.v-non-conformant{background:#fde6e6;color:var(--fail);border-color:#efa5a7}
.v-inconclusive,.v-could-not-run,.v-interrupted{background:#fff3d1;color:var(--warn);border-color:#e8c66e}
.unmasked{margin:.4rem 0 1rem;padding:.7rem 1rem;border:3px solid var(--fail);border-radius:.45rem;background:#fde6e6;color:var(--fail);font-weight:700}
.glance{margin:.2rem 0 1rem;padding-left:1.1rem}.glance li{margin:.25rem 0}
.counts{display:flex;flex-wrap:wrap;gap:.4rem;list-style:none;padding:0;margin:.4rem 0 1rem}
.counts li{border:1px solid var(--line);border-radius:1rem;padding:.1rem .65rem;font-size:.9rem}
.counts b{font-variant-numeric:tabular-nums}
dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}
dl.meta dt{font-weight:600;color:var(--muted)}dl.meta dd{margin:0;min-width:0}
nav.toc{margin:1.2rem 0;font-size:.92rem}nav.toc a{margin-right:.9rem;white-space:nowrap}
.badge{display:inline-block;min-width:4.2em;text-align:center;font-weight:700;font-size:.72rem;letter-spacing:.05em;text-transform:uppercase;border-radius:.25rem;padding:.05rem .35rem;border:1px solid;vertical-align:.1em}
.b-pass{color:var(--pass);background:#e3f5e7}.b-fail{color:#fff;background:var(--fail);border-color:var(--fail)}
.b-warn{color:var(--warn);background:#fff3d1}.b-skip{color:var(--skip);background:#eceff1}
.b-inconclusive{color:var(--inc);background:#f1e9fa}.b-untested{color:var(--skip);background:#fff;border-style:dashed}.b-not-run{color:var(--skip);background:#fff;border-style:dotted}
.case{border:1px solid var(--line);border-left:5px solid var(--line);border-radius:.35rem;margin:1rem 0;background:#fff}
.case.fail{border-left-color:var(--fail)}.case.warn{border-left-color:#d79b00}
.case>summary{cursor:pointer;padding:.6rem .8rem;font-weight:600;list-style-position:inside}
.case>summary code{font-weight:400;color:var(--muted)}
.case .body{padding:0 .8rem .8rem}
.req{margin:.2rem 0 .6rem}
.req p{margin:.2rem 0;font-size:.9rem}
blockquote{margin:.3rem 0;padding:.4rem .8rem;border-left:4px solid #8a8a8a;background:var(--soft);font-family:Georgia,"Times New Roman",serif;font-size:1rem}
.source{color:var(--muted);font-size:.85rem}
ol.findings{padding-left:1.2rem;margin:.3rem 0}ol.findings li{margin:.3rem 0 .7rem}
dl.ev{display:grid;grid-template-columns:max-content 1fr;gap:.2rem .8rem;margin:.3rem 0}
dl.ev dt{font-weight:600}dl.ev dd{margin:0;min-width:0}
.exchange{margin:.6rem 0 1rem}
.curl-label{margin:.5rem 0 .1rem;font-weight:600}
pre.curl,pre.counterexample-curl{background:#10202f;color:#e8f1f8;border-color:#10202f}
table{border-collapse:collapse;width:100%;margin:.4rem 0}
th,td{border-bottom:1px solid var(--line);padding:.4rem .5rem;text-align:left;vertical-align:top}
th{font-size:.8rem;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
td.quote{font-size:.85rem;color:var(--muted)}
table.matrix,table.checks{table-layout:fixed}
table.matrix th:nth-child(1),table.checks th:nth-child(1){width:6.5rem}
table.matrix th:nth-child(3){width:22rem}
table.checks th:nth-child(2){width:32%}table.checks th:nth-child(3){width:22%}
.checklist{margin:0;padding:0;list-style:none}.checklist li{margin:.05rem 0}
.none{color:var(--muted);font-style:italic}
footer{margin-top:2.5rem;color:var(--muted);font-size:.85rem;border-top:1px solid var(--line);padding-top:.6rem}
button.copy{float:right;font-size:.75rem;margin:.2rem 0 0 .4rem;padding:.1rem .5rem;border:1px solid var(--line);border-radius:.25rem;background:#fff;cursor:pointer}
@media (max-width:640px){
  body{padding:.7rem;font-size:15px}
  dl.ev{grid-template-columns:1fr}
  dl.meta{grid-template-columns:auto 1fr;gap:.15rem .6rem;font-size:.88rem}
  table.stack thead{display:none}
  table.stack tr{display:block;border:1px solid var(--line);border-radius:.3rem;margin:.5rem 0;padding:.3rem .2rem}
  table.stack td{display:block;border:0;padding:.15rem .5rem}
  table.stack td[data-label]::before{content:attr(data-label) ": ";font-weight:600;color:var(--muted);font-size:.8rem;text-transform:uppercase}
}
@media print{
  body{max-width:none;font-size:10.5pt;padding:0}
  nav.toc,button.copy{display:none}
  a{color:inherit;text-decoration:none}
  .case,.exchange,tr{break-inside:avoid}
  h2,h3{break-after:avoid}
  pre.curl,pre.counterexample-curl{background:var(--soft);color:var(--fg);border-color:var(--line)}
  .verdict,.badge{-webkit-print-color-adjust:exact;print-color-adjust:exact}
  details::details-content{content-visibility:visible;display:block}
}
`;

/** Inline (never fetched): open every block before printing, and a copy button on each curl line. */
const SCRIPT = `
addEventListener('beforeprint',function(){document.querySelectorAll('details').forEach(function(d){d.open=true})});
document.querySelectorAll('pre.curl').forEach(function(pre){if(!navigator.clipboard)return;var b=document.createElement('button');b.className='copy';b.type='button';b.textContent='copy';b.onclick=function(){navigator.clipboard.writeText(pre.textContent).then(function(){b.textContent='copied'})};pre.parentNode.insertBefore(b,pre)});
`;

function exchangeBlock(e: ExchangeEvidence, results: Pick<Results, 'har'>): string {
  const requestHead = [`${e.method} ${e.url}`, ...Object.entries(e.requestHeaders).map(([k, v]) => `${k}: ${v}`)].join('\n');
  const request = e.requestBody !== undefined ? `${requestHead}\n\n${bodyExcerpt(e.requestBody, 20)}` : requestHead;
  const responseHead = [`HTTP ${e.status}`, ...Object.entries(e.responseHeaders).map(([k, v]) => `${k}: ${v}`)].join('\n');
  const response = e.responseBody ? `${responseHead}\n\n${bodyExcerpt(e.responseBody, 24)}` : responseHead;
  // The curl line first: at 2 a.m. replaying the request is the next step, the bodies are the detail.
  return `<div class="exchange">
<p class="curl-label">Reproduce with${esc(harEntryLabel(results, e.seq))}</p><pre class="curl">${esc(e.curl)}</pre>
<p class="curl-label">Request (redacted)</p><pre>${esc(request)}</pre>
<p class="curl-label">Response (redacted excerpt, ${e.durationMs} ms)</p><pre>${esc(response)}</pre>
</div>`;
}

/** The exchanges a finding points at; else the first one, so a failure never comes without a way to replay it. */
function evidenceOf(check: CheckRecord): ExchangeEvidence[] {
  const cited = check.exchanges.filter((e) => check.findings.some((f) => f.exchange === e.seq));
  return (cited.length > 0 ? cited : check.exchanges.slice(0, 1)).slice(0, 3);
}

/** A requirement a finding names, with its section and quote, so the field that broke is plain. */
function brokenRequirement(id: string): string {
  if (!hasRequirement(id)) return `<code>${esc(id)}</code>`;
  const req = requirement(id);
  return `<code>${esc(id)}</code> (${esc(req.section)}) <span class="none">${esc(readableQuote(req.quote))}</span>`;
}

function findingsBlock(check: CheckRecord): string {
  const findings = mergedFindings(
    check.findings.filter((f) => (check.outcome === 'fail' ? true : f.severity === 'warn' || check.level === 'SHOULD')),
  );
  if (findings.length === 0) return `<p>${esc(check.message)}</p>`;
  const items = findings.slice(0, 12).map(({ finding: f, count }) => {
    const pairs: string[] = [];
    // Each finding with the request that shows it, so the replay is of this finding's page, not the check's first.
    const own = check.exchanges.find((e) => e.seq === f.exchange);
    const where = whereOf(check, f);
    if (where !== undefined) pairs.push(`<dt>Where</dt><dd><code>${esc(where)}</code></dd>`);
    if (f.requirements !== undefined) pairs.push(`<dt>Breaks</dt><dd>${f.requirements.map(brokenRequirement).join('<br>')}</dd>`);
    if (f.expected !== undefined) pairs.push(`<dt>Expected</dt><dd>${esc(f.expected)}</dd>`);
    if (f.actual !== undefined) pairs.push(`<dt>Seen</dt><dd>${esc(f.actual)}</dd>`);
    const recurrence = recurrenceText(f);
    if (recurrence !== undefined) pairs.push(`<dt>Recurrence</dt><dd>${esc(recurrence)}</dd>`);
    if (f.counterexample !== undefined)
      pairs.push(`<dt>Counterexample</dt><dd><pre class="counterexample">${esc(f.counterexample)}</pre></dd>`);
    if (f.counterexampleCurl !== undefined)
      pairs.push(`<dt>Send it again</dt><dd><pre class="counterexample-curl">${esc(f.counterexampleCurl)}</pre></dd>`);
    if (own !== undefined) pairs.push(`<dt>Reproduce</dt><dd><pre class="curl">${esc(own.curl)}</pre></dd>`);
    const times = count > 1 ? ` <small class="none">(${count} times, merged)</small>` : '';
    return `<li><p>${esc(f.message)}${times}</p>${pairs.length ? `<dl class="ev">${pairs.join('')}</dl>` : ''}</li>`;
  });
  const more =
    findings.length > 12 ? `<p class="none">and ${findings.length - 12} more findings (all of them are in results.json)</p>` : '';
  return `<ol class="findings">${items.join('')}</ol>${more}`;
}

function caseBlock(check: CheckRecord, open: boolean, results: Results): string {
  const exchanges = evidenceOf(check);
  const cited = citedRequirement(check);
  const source =
    check.level === 'SHOULD'
      ? '<p class="source">A convention where the spec is silent: breaking it is a warning, never a failure.</p>'
      : '';
  return `<details class="case ${check.outcome}" id="${anchor(check.id)}"${open ? ' open' : ''}>
<summary>${badge(check.outcome)} <span class="headline">${esc(headline(check))}</span></summary>
<div class="body">
<p class="check-title">${esc(check.title)} <code>${esc(check.id)}</code></p>${check.description !== undefined ? `<p class="description">${esc(check.description)}</p>` : ''}
<div class="req"><p>Breaks requirement <code class="req-id">${esc(cited.id)}</code> (${cited.level}) of ${esc(sectionLabel(cited.section))}:</p>
<blockquote class="quote">${esc(readableQuote(cited.quote))}</blockquote>${source}</div>
<h4>What was expected, what was seen</h4>
${findingsBlock(check)}
${exchanges.length ? `<h4>Evidence</h4>${exchanges.map((e) => exchangeBlock(e, results)).join('\n')}` : '<p class="none">No exchange recorded for this check.</p>'}
${check.exchangeCount > exchanges.length ? `<p class="none">${check.exchangeCount} exchanges in all; results.json holds the ones the findings cite.</p>` : ''}
${replayBlock(check, results)}
</div></details>`;
}

/** The check seen again: its replay command, and where its exchanges are in the HAR. */
function replayBlock(check: CheckRecord, results: Results): string {
  const replay = checkReplay(results, check);
  const entries = replay.entries !== undefined ? `; ${esc(replay.entries)}` : '';
  return `<p class="curl-label">Replay ${esc(replay.scope)}${entries}</p><pre class="curl replay">${esc(replay.command)}</pre>`;
}

/** Right under the verdict: which checks broke which requirement, so a phone shows it on the first screen. */
function glanceBlock(results: Results): string {
  const broken = results.checks.filter((c) => c.outcome === 'fail');
  if (broken.length === 0) return '';
  const items = broken.slice(0, 8).map((c) => {
    const cited = citedRequirement(c);
    return `<li><a href="#${anchor(c.id)}">${esc(c.title)}</a>: breaks <code>${esc(cited.id)}</code> (section ${esc(cited.section)})</li>`;
  });
  const more = broken.length > 8 ? `<li>and ${broken.length - 8} more, below</li>` : '';
  return `<ul class="glance" aria-label="failures at a glance">${items.join('')}${more}</ul>`;
}

function metaBlock(results: Results): string {
  const mode = [
    results.readOnly ? 'read-only (no POST sent)' : 'writes allowed',
    results.strict ? 'strict (warnings fail)' : 'warnings do not fail',
    results.shard ? `shard ${results.shard}` : '',
    results.only ? `only ${results.only.join(', ')} (--check) and the run-wide checks` : '',
  ].filter(Boolean);
  // Who and what first, in the words of every report (identity.ts); then how to replay it.
  const identity = identityItems(results).map((item): [string, string] => [
    item.label,
    item.key === 'suite' || item.key === 'spec' || item.key === 'run'
      ? `<code class="${item.key}">${esc(item.text)}</code>`
      : esc(item.text),
  ]);
  const rows: [string, string][] = [
    ...identity,
    ['Seed', `<code>${results.seed}</code> (${results.runs} runs per property)`],
    ['Mode', esc(mode.join(', '))],
    ...conditionLines(results).map((line): [string, string] => ['Conditions', esc(line)]),
    ['Replay', `<code>${esc(replayCommand(results))}</code> ${esc(replayNote(results))}`],
  ];
  return `<dl class="meta">${rows.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>`;
}

function countsBlock(results: Results): string {
  const s = results.summary;
  const items: [Outcome | 'total', number][] = [
    ['pass', s.pass],
    ['fail', s.fail],
    ['warn', s.warn],
    ['skip', s.skip],
    ['inconclusive', s.inconclusive],
  ];
  // Checks never started are counted apart from the skipped ones, with why (outside --check, another shard).
  const { notRun, notRunWhy } = results.coverage.checks;
  const notRunItem =
    notRun === 0 ? '' : `<li>${badge('not-run')} <b>${notRun}</b>${notRunWhy !== undefined ? ` (${esc(notRunWhy)})` : ''}</li>`;
  return `<ul class="counts" aria-label="checks by outcome">${items.map(([o, n]) => `<li>${badge(o as Outcome)} <b>${n}</b></li>`).join('')}<li><b>${s.total}</b> checks</li>${notRunItem}</ul>`;
}

function matrixBlock(results: Results): string {
  const sections = new Map<string, RequirementRecord[]>();
  for (const req of results.requirements) sections.set(req.section, [...(sections.get(req.section) ?? []), req]);
  const ran = new Map(results.checks.map((c) => [c.id, c]));
  const tally = new Map<string, number>();
  for (const req of results.requirements) tally.set(req.outcome, (tally.get(req.outcome) ?? 0) + 1);
  const untestedMust = results.requirements.filter((r) => r.outcome === 'untested' && r.level === 'MUST').length;
  const summary = ['pass', 'fail', 'warn', 'inconclusive', 'skip', 'not-run', 'untested']
    .filter((o) => tally.has(o))
    .map((o) => `${tally.get(o)} ${o}`)
    .join(', ');
  const tables = [...sections.keys()]
    .sort(compareSections)
    .map((section) => {
      const rows = (sections.get(section) ?? [])
        .map((r) => {
          const checks = r.checks.length
            ? `<ul class="checklist">${r.checks
                .map((id) => {
                  const c = ran.get(id);
                  if (!c) return `<li><a href="#${anchor(id)}"><code>${esc(id)}</code></a> <span class="none">not run</span></li>`;
                  // A broader check (a schema check covering every field) shows what its findings
                  // gave this requirement: only a finding that names it fails it.
                  const own = outcomeForRequirement(c, r.id);
                  const broken = c.outcome === 'fail' || c.outcome === 'warn';
                  const note =
                    broken && own !== c.outcome
                      ? ` <small class="none">(the check ${c.outcome === 'fail' ? 'fails' : 'warns'} on other requirements)</small>`
                      : '';
                  return `<li><a href="#${anchor(id)}"><code>${esc(id)}</code></a> ${badge(own)}${note}</li>`;
                })
                .join('')}</ul>`
            : '<span class="none">no check covers it</span>';
          return `<tr class="req-row r-${r.outcome}"><td data-label="Outcome">${badge(r.outcome)}</td><td><code>${esc(r.id)}</code> <small>${r.level}</small><div class="quote">${esc(readableQuote(r.quote))}</div></td><td data-label="Checks">${checks}</td></tr>`;
        })
        .join('\n');
      return `<h3>${esc(sectionLabel(section))}</h3>
<table class="stack matrix"><thead><tr><th>Outcome</th><th>Requirement</th><th>Checks</th></tr></thead><tbody>${rows}</tbody></table>`;
    })
    .join('\n');
  const warning = untestedMust > 0 ? ` <strong>${untestedMust} MUST requirement(s) have no check.</strong>` : '';
  return `<p>${results.requirements.length} requirements of the spec and of HTTP: ${summary}.${warning} A requirement takes the worst outcome the checks that cover it give it; a schema check fails only the fields its findings name.</p>\n${tables}`;
}

function checksBlock(results: Results): string {
  const areas = new Map<string, CheckRecord[]>();
  for (const check of results.checks) areas.set(check.area, [...(areas.get(check.area) ?? []), check]);
  return [...areas]
    .map(([area, checks]) => {
      const rows = checks
        .map((c) => {
          const detailed = c.outcome === 'fail' || c.outcome === 'warn';
          const id = detailed
            ? `<a href="#${anchor(c.id)}"><code>${esc(c.id)}</code></a>`
            : `<code id="${anchor(c.id)}">${esc(c.id)}</code>`;
          const cited = citedRequirement(c);
          return `<tr><td data-label="Outcome">${badge(c.outcome)}</td><td>${id}<br>${esc(c.title)}</td><td data-label="Requirement"><code>${esc(cited.id)}</code> (${esc(cited.section)})</td><td data-label="Result">${esc(c.message)}</td></tr>`;
        })
        .join('\n');
      return `<h3>${esc(area)}</h3><table class="stack checks"><thead><tr><th>Outcome</th><th>Check</th><th>Requirement</th><th>Result</th></tr></thead><tbody>${rows}</tbody></table>`;
    })
    .join('\n');
}

function createdBlock(results: Results): string {
  if (results.created.length === 0) return '<p class="none">Nothing: this run created no resource on the target.</p>';
  const rows = results.created
    .map(
      (c) =>
        `<tr><td data-label="Resource">${esc(c.resource)}</td><td data-label="Id"><code>${esc(c.id)}</code></td><td data-label="By">${esc(c.check)}</td></tr>`,
    )
    .join('');
  return `<p>${esc(createdSummary(results).replace(/^created/, 'Created'))} on the target, listed so they can be cleaned up (also in results.json <code>created[]</code>).</p>
<table class="stack"><thead><tr><th>Resource</th><th>Id</th><th>Created by</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** Above everything, so no one reads on without knowing the report holds personal data. */
function unmaskedBanner(results: Results): string {
  const warning = unmaskedEvidenceWarning(results);
  return warning === undefined ? '' : `<div class="unmasked" id="unmasked-evidence" role="alert">${esc(warning)}</div>\n`;
}

/** The verdict with its coverage: a run that left something out says so in the banner itself, whatever its verdict. */
function verdictBanner(results: Results): string {
  const { sentence } = VERDICT_TEXT[results.verdict];
  const line = verdictWithCoverage(results);
  if (results.coverage.status === 'complete')
    return `<div class="verdict v-${esc(results.verdict)}" id="verdict" role="status"><strong>${esc(line)}</strong>${esc(sentence)}</div>`;
  return `<div class="verdict v-${esc(results.verdict)} reduced" id="verdict" role="status"><strong>${esc(line)}</strong>${esc(sentence)} Coverage ${esc(results.coverage.text)}; see <a href="#not-checked">Not checked</a>.</div>`;
}

/** What was certified, above the verdict: the implementation as the run was told it. */
const subjectLine = (results: Results): string =>
  `<p class="subject" id="implementation">${esc(implementationLine(results.target.implementation).replace(/^i/, 'I'))}</p>`;

/** Checks this run did not judge: skipped, inconclusive, and never run (outside --check or the shard, or the run ended before them). */
function notRunIds(results: Results): string[] {
  if (results.coverage.checks.notRun === 0) return [];
  const ran = new Set(results.checks.map((c) => c.id));
  return registeredChecks.map((c) => c.id).filter((id) => !ran.has(id));
}

const notChecked = (results: Results): number =>
  results.checks.filter((c) => c.outcome === 'skip' || c.outcome === 'inconclusive').length + notRunIds(results).length;

function notCheckedBlock(results: Results): string {
  if (notChecked(results) === 0 && results.coverage.status === 'complete') return '';
  const group = (outcome: 'skip' | 'inconclusive', heading: string): string => {
    const checks = results.checks.filter((c) => c.outcome === outcome);
    if (checks.length === 0) return '';
    return `<h3>${heading} (${checks.length})</h3><ul>${checks.map((c) => `<li><code>${esc(c.id)}</code>: ${esc(c.message)}</li>`).join('')}</ul>`;
  };
  const notRun = notRunIds(results);
  const why = results.coverage.checks.notRunWhy ?? 'the run ended before them';
  return `<section id="not-checked"><h2>Not checked</h2><p>What this run gives no verdict on, and why. Coverage ${esc(results.coverage.text)}.</p>
${group('skip', 'Skipped: a precondition is missing')}
${group('inconclusive', 'Inconclusive: the target did not let these finish')}
${notRun.length ? `<h3>Not run: ${esc(why)} (${notRun.length})</h3><p>${notRun.map((id) => `<code>${esc(id)}</code>`).join(', ')}</p>` : ''}
</section>`;
}

export function toHtml(results: Results, sinceBaseline?: Comparison): string {
  const failures = results.checks.filter((c) => c.outcome === 'fail');
  const warnings = results.checks.filter((c) => c.outcome === 'warn');
  const toc = [
    sinceBaseline ? '<a href="#since-baseline">Since the baseline</a>' : '',
    failures.length ? `<a href="#failures">Failures (${failures.length})</a>` : '',
    notChecked(results) > 0 || results.coverage.status === 'reduced'
      ? `<a href="#not-checked">Not checked (${notChecked(results)})</a>`
      : '',
    warnings.length ? `<a href="#warnings">Warnings (${warnings.length})</a>` : '',
    '<a href="#requirements">Requirements</a>',
    '<a href="#checks">All checks</a>',
    '<a href="#created">Created</a>',
    results.errors.length ? '<a href="#errors">Errors</a>' : '',
  ].filter(Boolean);
  const sections = [
    notCheckedBlock(results),
    sinceBaseline ? sinceBaselineHtml(sinceBaseline) : '',
    failures.length
      ? `<section id="failures"><h2>Failures: requirements the target breaks</h2>${failures.map((c) => caseBlock(c, true, results)).join('\n')}</section>`
      : '',
    warnings.length
      ? `<section id="warnings"><h2>Warnings: conventions where the spec is silent</h2>${warnings.map((c) => caseBlock(c, false, results)).join('\n')}</section>`
      : '',
    `<section id="requirements"><h2>Requirements by section</h2>${matrixBlock(results)}</section>`,
    `<section id="checks"><h2>All checks</h2>${checksBlock(results)}</section>`,
    `<section id="created"><h2>Created by this run</h2>${createdBlock(results)}</section>`,
    results.preflight?.length
      ? `<section id="preflight"><h2>Preflight</h2><p>Reads sent before any check, to catch configuration mistakes.</p><ul>${results.preflight.map((e) => `<li>${esc(e.method)} <code>${esc(e.url)}</code> answered ${e.status}</li>`).join('')}</ul></section>`
      : '',
    results.errors.length
      ? `<section id="errors"><h2>Errors (the run cannot be trusted)</h2><ul>${results.errors.map((e) => `<li>${esc(e)}</li>`).join('')}</ul></section>`
      : '',
  ].filter(Boolean);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="generator" content="banklink-conformance ${esc(results.suiteVersion)}">
<title>${esc(VERDICT_TEXT[results.verdict].label)}: banklink-conformance report</title><style>${STYLE}</style></head><body>
<header>
<p class="kicker">banklink-conformance · certification report · Bank-linking and user service API</p>
${subjectLine(results)}
${unmaskedBanner(results)}${verdictBanner(results)}
${glanceBlock(results)}
${countsBlock(results)}
${metaBlock(results)}
</header>
<nav class="toc" aria-label="contents">${toc.join(' ')}</nav>
<main>
${sections.join('\n')}
</main>
<footer>Generated by banklink-conformance ${esc(results.suiteVersion)} (${esc(results.suite.digest)}), run ${esc(results.runId)}. Tokens appear only as <code>$CONFORMANCE_TOKEN</code>; ${results.unmaskedEvidence ? '<strong>personal data is NOT masked (--unmasked-evidence)</strong>' : 'personal data is masked to its shape (type, length, member names)'}. Spec text quoted from <code>spec/bank-linking-api.md</code> (${esc(results.specHash)}).</footer>
<script>${SCRIPT}</script>
</body></html>
`;
}
