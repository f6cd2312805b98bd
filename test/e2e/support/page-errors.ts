import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core'

// Every console.error and uncaught exception of every page of a context. A test fails on any it
// did not declare (see setup.ts).
export class PageErrors {
  private logged: string[] = []
  private expected: RegExp[] = []

  constructor(context: BrowserContext) {
    for (const page of context.pages()) this.watch(page)
    context.on('page', (page) => this.watch(page))
  }

  private watch(page: Page) {
    page.on('console', (message) => {
      if (message.type() === 'error') this.logged.push(describe(message))
    })
    page.on('pageerror', (error) => this.logged.push(`uncaught ${error.name}: ${error.message}`))
  }

  /** This test may log errors matching `pattern` (their text, with the address they name). */
  expect(pattern: RegExp) {
    this.expected.push(pattern)
  }

  /** The errors logged since the last call that no declaration matches; then starts afresh. */
  settle(): string[] {
    const expected = this.expected
    const problems = this.logged.filter(
      (message) => !expected.some((pattern) => message.search(pattern) !== -1),
    )
    this.logged = []
    this.expected = []
    return problems
  }
}

// Chromium's "Failed to load resource" names the address only in the message's location.
function describe(message: ConsoleMessage): string {
  const { url } = message.location()
  return `console.error: ${message.text()}${url ? ` (${url})` : ''}`
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Chromium's console error for a request to an address starting with `urlPrefix` that was
 * answered `status`, or that failed with a `net::` error when `status` is 'network'.
 */
export function failedRequest(status: number | 'network', urlPrefix: string): RegExp {
  const outcome =
    status === 'network' ? 'net::ERR_[A-Z_]+' : `the server responded with a status of ${status} `
  return new RegExp(
    `^console\\.error: Failed to load resource: ${outcome}.*\\(${escapeRegExp(urlPrefix)}`,
  )
}

/** Uppy's own log line for an upload error it reports (and, for these, retries). */
export function uppyError(message: string): RegExp {
  return new RegExp(`^console\\.error: \\[Uppy\\] \\[[\\d:]+\\] ${escapeRegExp(message)}`)
}
