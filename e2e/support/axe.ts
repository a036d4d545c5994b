import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeProblem {
  id: string;
  impact: string;
  nodes: string[];
}

/**
 * axe-core's WCAG 2.1 A/AA rules on the page as it is: the serious and critical violations,
 * each with the elements and axe's own summary. The page's context must bypass CSP (axe is
 * injected as a script; the console's CSP allows none inline, as it should).
 */
export async function seriousViolations(page: Page): Promise<AxeProblem[]> {
  // Colours are judged at rest: the pointer leaves whatever it last clicked (a hovered button
  // wears its lighter hover colour), then fading colours settle (a contrast measured mid-way
  // fails). Endless animations (spinners) are not waited for.
  await page.mouse.move(0, 0);
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: {
        id: string;
        impact: string | null;
        nodes: { target: string[]; failureSummary?: string }[];
      }[];
    }
    // antd tables keep a hidden row to measure column widths; it is aria-hidden and never seen.
    const results = await axe.run(
      { exclude: ['.ant-table-measure-row'] },
      {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      },
    );
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        nodes: v.nodes.map((n) => `${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`),
      }));
  });
}
