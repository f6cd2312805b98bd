import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

interface AxeInPage {
  run(context: Document, options: object): Promise<{ violations: unknown }>
}

interface Violation {
  id: string
  impact: string | null
  help: string
  nodes: Array<{ target: unknown[]; failureSummary?: string }>
}

// Runs axe-core in the page and returns the serious and critical violations, described well
// enough to fix from the test output.
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  // Evaluated through DevTools rather than a script tag, so the app's Content-Security-Policy
  // stays exactly as served.
  await page.evaluate(axeSource)
  const violations = (await page.evaluate(() => {
    const axe = (window as unknown as { axe: AxeInPage }).axe
    return axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations)
  })) as Violation[]
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact}: ${violation.id} (${violation.help}) at ${violation.nodes.map(describeNode).join(', ')}`,
    )
}

// The selector, and axe's own reason (the two colours and their ratio for a contrast failure).
function describeNode(node: Violation['nodes'][number]): string {
  const reason = node.failureSummary?.split('\n').slice(1).join(' ').trim()
  return reason ? `${node.target.join(' ')} (${reason})` : node.target.join(' ')
}
