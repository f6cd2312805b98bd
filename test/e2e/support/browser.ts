import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

// Debian's Chromium where it is installed (test tools cannot download browsers here); elsewhere
// Playwright's own build.
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) =>
  existsSync(path),
)

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: systemChromium, headless: true, args: chromiumFlags })
}
