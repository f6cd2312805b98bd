import { type Browser, chromium } from 'playwright-core'
import { afterEach, expect, it } from 'vitest'
import {
  chromiumFlags,
  launchChromium,
  omniboxPopupFeatures,
  playwrightDisabledFeatures,
  systemChromium,
} from './support/browser.ts'

// The browser every end-to-end test and benchmark uses: a context opens no renderer beside the
// page under test, and none of the features Playwright turns off comes back on with ours.
let browser: Browser | undefined
afterEach(async () => {
  await browser?.close()
  browser = undefined
})

async function disabledFeatures(launched: Browser): Promise<string[]> {
  const session = await launched.newBrowserCDPSession()
  const { arguments: args } = (await session.send('Browser.getBrowserCommandLine')) as {
    arguments: string[]
  }
  const lists = args.filter((arg) => arg.startsWith('--disable-features='))
  // Chromium reads the last one only.
  return lists.at(-1)?.slice('--disable-features='.length).split(',') ?? []
}

it('keeps every feature Playwright turns off turned off, with the omnibox popup', async () => {
  // The command line is told only to a browser under automation.
  const automation = '--enable-automation'
  browser = await chromium.launch({ executablePath: systemChromium, args: [automation] })
  const playwrights = await disabledFeatures(browser)
  expect(playwrights.length).toBeGreaterThan(0)
  expect([...playwrightDisabledFeatures].sort()).toEqual([...playwrights].sort())
  await browser.close()

  browser = await chromium.launch({
    executablePath: systemChromium,
    args: [...chromiumFlags, automation],
  })
  expect(await disabledFeatures(browser)).toEqual(
    expect.arrayContaining([...playwrights, ...omniboxPopupFeatures]),
  )
  expect(chromiumFlags.filter((flag) => flag.startsWith('--disable-features='))).toHaveLength(1)
})

it('opens a new context with its page alone: no browser UI renderer beside it', async () => {
  browser = await launchChromium()
  const session = await browser.newBrowserCDPSession()
  const targets = async () => {
    const { targetInfos } = (await session.send('Target.getTargets', {
      filter: [{}],
    } as never)) as { targetInfos: Array<{ type: string; url: string }> }
    return targetInfos
  }
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('data:text/html,<p>page under test</p>')
  await expect
    .poll(async () =>
      (await targets()).filter((target) => target.type === 'page').map((target) => target.url),
    )
    .toEqual(['data:text/html,<p>page under test</p>'])
  expect((await targets()).filter((target) => target.type === 'browser_ui')).toEqual([])
})
