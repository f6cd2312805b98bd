import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

// Debian's Chromium where it is installed (test tools cannot download browsers here); elsewhere
// Playwright's own build.
export const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) =>
  existsSync(path),
)

// Chromium keeps only the last --disable-features it is given, so ours repeats Playwright's own
// list (playwright-core 1.65; test/e2e/chromium-flags.test.ts fails when it changes).
export const playwrightDisabledFeatures = [
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'TcpPortRandomizationWin',
  'ThirdPartyStoragePartitioning',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'msForceBrowserSignIn',
]

// Each browser context would open the omnibox's popup in a renderer of its own, about 2 s of
// script beside the page under test (decision 0042).
export const omniboxPopupFeatures = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...playwrightDisabledFeatures, ...omniboxPopupFeatures].join(',')}`,
]

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: systemChromium, headless: true, args: chromiumFlags })
}
