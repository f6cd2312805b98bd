import { afterAll, beforeAll, expect, it } from 'vitest'
import { runLighthouse } from '../../bench/ui/lighthouse.ts'
import { type SignedInSite, startSignedInSite } from './support/signed-in-site.ts'

// bench:ui's Lighthouse run scores a page behind sign-in. The session must reach every request
// the page makes, also after the page writes a cookie of its own; and a run in which a request
// was refused all the same must fail rather than score the wrong page.
let site: SignedInSite
beforeAll(async () => {
  site = await startSignedInSite()
})
afterAll(async () => {
  await site?.close()
})

it('keeps the session for the requests made after the page writes its own cookie', async () => {
  const figures = await runLighthouse(`${site.url}/`, 'desktop', '__Host-session=ok', { runs: 1 })
  expect(site.refused).toEqual([])
  expect(figures.performance).not.toBeNull()
}, 180_000)

it('fails the run when a request of the measured page is answered 5xx', async () => {
  await expect(
    runLighthouse(`${site.url}/broken`, 'desktop', '__Host-session=ok', { runs: 1 }),
  ).rejects.toThrow(/500 GET \/api\/broken/)
}, 180_000)
