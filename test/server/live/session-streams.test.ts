import { afterAll, beforeAll, expect, it } from 'vitest'
import { send } from '../dashboard/http-client.ts'
import { waitUntil } from '../wait-until.ts'
import { delivery, openEvents, postWebhook, videoEvent } from '../webhooks/support.ts'
import { type LiveDashboard, startLiveDashboards } from './live-dashboards.ts'

const secret = 'whsec_session_streams'
let live: Awaited<ReturnType<typeof startLiveDashboards>>
let dashboard: LiveDashboard
beforeAll(async () => {
  live = await startLiveDashboards(1, { webhookSecrets: [secret] })
  dashboard = live.dashboards[0] as LiveDashboard
})
afterAll(async () => {
  await live?.close()
})

let created = 1_790_100_000
/** Sends an event and waits until `witness` (a stream that stays open) has it. */
async function publish(witness: Awaited<ReturnType<typeof openEvents>>, id: string) {
  const signed = delivery(secret, videoEvent(id, created++))
  expect((await postWebhook(dashboard.url, signed.body, signed.signature)).status).toBe(202)
  await waitUntil(
    () => witness.events.some((event) => JSON.parse(event.data).data.id === id),
    `${id} to reach the open stream`,
  )
}

const post = (path: string, session: Record<string, string>, body?: object) =>
  send(dashboard.url, path, {
    method: body ? 'PATCH' : 'POST',
    headers: { ...session, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })

it('ends the open stream of a session that signs out, at once, and sends it nothing after', async () => {
  const editor = await live.signIn('editor')
  const witness = await openEvents({ url: dashboard.url, session: await live.signIn('admin') })
  const stream = await openEvents({ url: dashboard.url, session: editor })
  expect(stream.response.status).toBe(200)
  expect((await post('/auth/sign-out', editor)).status).toBe(204)
  await waitUntil(() => stream.ended, 'the signed-out stream to end')
  await publish(witness, 'after-sign-out')
  expect(stream.events).toEqual([])
  expect(witness.ended).toBe(false)
  await witness.close()
})

it("ends the streams of the account's other sessions when it signs out everywhere, and no one else's", async () => {
  const [here, elsewhere] = [await live.signIn('editor'), await live.signIn('editor')]
  const admin = await openEvents({ url: dashboard.url, session: await live.signIn('admin') })
  const streams = [
    await openEvents({ url: dashboard.url, session: here }),
    await openEvents({ url: dashboard.url, session: elsewhere }),
  ]
  expect((await post('/auth/sign-out-everywhere', here)).status).toBe(204)
  await waitUntil(() => streams.every((stream) => stream.ended), 'both sessions’ streams to end')
  await publish(admin, 'after-everywhere')
  expect(admin.ended).toBe(false)
  await admin.close()
})

it('ends the streams of an account an admin deactivates', async () => {
  const admin = await live.signIn('admin')
  const stream = await openEvents({ url: dashboard.url, session: await live.signIn('editor') })
  const list = await send(dashboard.url, '/auth/accounts', { headers: admin })
  const editor = list
    .json()
    .accounts.find((account: { email: string }) => account.email === live.accounts.editor.email)
  const answer = await post(`/auth/accounts/${editor.id}`, admin, { deactivated: true })
  expect(answer.status).toBe(200)
  await waitUntil(() => stream.ended, 'the deactivated account’s stream to end')
})

it('refuses an account’s eleventh open stream with 429, and opens one again once another closes', async () => {
  const viewer = await live.signIn('viewer')
  const open = []
  for (let index = 0; index < 10; index++) {
    const stream = await openEvents({ url: dashboard.url, session: viewer })
    expect(stream.response.status).toBe(200)
    open.push(stream)
  }
  const refused = await openEvents({ url: dashboard.url, session: viewer })
  expect(refused.response.status).toBe(429)
  expect(refused.response.headers.get('retry-after')).toMatch(/^\d+$/)
  expect(refused.events).toEqual([])
  await refused.close()
  await open.pop()?.close()
  let again: Awaited<ReturnType<typeof openEvents>> | undefined
  await waitUntil(async () => {
    const attempt = await openEvents({ url: dashboard.url, session: viewer })
    if (attempt.response.status === 200) again = attempt
    else await attempt.close()
    return again !== undefined
  }, 'a stream to open once one of ten closed')
  await Promise.all([...open, again].map((stream) => stream?.close()))
})
