import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's own build, evaluated in each page (through the DevTools protocol, so the CSP allows it). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.1 A and AA rules; best practices and AAA stay out. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string; any: { message: string }[] }[];
}

/** Set E2E_AXE_REPORT=<file> to list violations in that file instead of failing (to survey). */
const REPORT_FILE = process.env.E2E_AXE_REPORT;

/**
 * Runs axe-core on the page as it is now and fails with a readable list of its serious and critical
 * WCAG 2.1 AA violations: rule, what it asks for, and the selectors of the elements at fault.
 */
export async function checkAccessibility(page: Page, screen: string): Promise<void> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } }).axe;
    const results = (await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
      // No fetching of the page's stylesheets (only the orientation-lock rule reads them): faster.
      preload: false,
    })) as { violations: Violation[] };
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((node) => ({
        target: node.target.map(String),
        html: node.html.replace(/\s+/g, ' ').slice(0, 140),
        // What failed, e.g. the colours and their ratio.
        why: node.any[0]?.message ?? '',
      })),
    }));
  }, TAGS);
  const failing = violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
  if (failing.length === 0) return;
  const report = [
    `Accessibility: ${failing.length} serious or critical axe violation(s) on "${screen}"`,
    ...failing.map(
      (violation) =>
        `  - ${violation.id} (${violation.impact}): ${violation.help}\n` +
        violation.nodes
          .map(
            (node) =>
              `      ${node.target.join(' ')}\n        ${node.html}${node.why ? `\n        ${node.why}` : ''}`,
          )
          .join('\n'),
    ),
  ].join('\n');
  if (REPORT_FILE) appendFileSync(REPORT_FILE, `${report}\n`);
  else throw new Error(report);
}
