import { describe, expect, it } from 'vitest'
import { dashboardWithFakeService } from '../dashboard/dashboard-for.ts'
import { sendSignedIn } from '../dashboard/http-client.ts'
import { attempt, statuses } from './sign-in-dashboard.ts'

// One signed-out client against the sign-in form: what it can make the dashboard store.
const running = dashboardWithFakeService('file')
const url = () => running.dashboard.url

interface Entry {
  account_email: string
  operation: string
  status: number
  count: number
}
async function audit(query: string): Promise<Entry[]> {
  const page = await sendSignedIn(running.dashboard, `/auth/audit?limit=200&${query}`)
  return page.json().entries
}
const total = (entries: Entry[]) => entries.reduce((sum, entry) => sum + entry.count, 0)

describe('sign-in attempts', () => {
  it('with an email over 254 characters or without an @ are refused before the limits and the log', async () => {
    const from = '127.0.0.20'
    const malformed = [`${'a'.repeat(250)}@example.com`, 'no-at-sign.example.com', '@', ' ']
    for (let round = 0; round < 10; round++) {
      for (const email of malformed) {
        const refused = await attempt(url(), email, 'a password', { from })
        expect(refused.status).toBe(400)
        expect(refused.json().error).toBe(
          'Give your email address (such as name@example.com, at most 254 characters) and your password',
        )
      }
    }
    // Forty refused here, past the address's 30: none of them counted.
    expect((await attempt(url(), 'someone@example.com', 'a guess', { from })).status).toBe(401)
    const logged = await audit('outcome=failure')
    expect(logged.filter((entry) => !entry.account_email.includes('@'))).toEqual([])
    expect(logged.filter((entry) => entry.account_email.length > 254)).toEqual([])
  })

  it('refused by the limits are summarised: one row per attempted address and minute, with a count', async () => {
    const email = 'flooded@example.com'
    const from = '127.0.0.21'
    const answers = []
    for (let index = 0; index < 205; index++)
      answers.push(await attempt(url(), email, `guess ${index}`, { from }))
    expect(statuses(answers.slice(0, 5))).toEqual([401, 401, 401, 401, 401])
    expect(new Set(statuses(answers.slice(5)))).toEqual(new Set([429]))
    const limited = await audit(`operation=dashboard.signInLimited&account=${email}`)
    const failed = await audit(`operation=dashboard.signInFailed&account=${email}`)
    // A minute may turn while they are sent: then there are two rows.
    expect(limited.length).toBeLessThanOrEqual(2)
    expect(total(limited)).toBe(200)
    expect(failed.length).toBeLessThanOrEqual(2)
    expect(total(failed)).toBe(5)
    expect(limited[0]).toMatchObject({ account_email: email, status: 429 })
  })
  it('refused by the limits from one client are summarised however many addresses it tries', async () => {
    const from = '127.0.0.22'
    // 30 failures use the address's allowance; every attempt after is refused by the limits.
    for (let index = 0; index < 30; index++)
      await attempt(url(), `sprayed-${index}@example.com`, 'a guess', { from })
    const answers = []
    for (let index = 0; index < 150; index++)
      answers.push(await attempt(url(), `rotated-${index}@example.com`, 'a guess', { from }))
    expect(new Set(statuses(answers))).toEqual(new Set([429]))
    const limited = (await audit('operation=dashboard.signInLimited')).filter((entry) =>
      entry.account_email.startsWith('rotated-'),
    )
    // A minute may turn while they are sent: then there are two rows.
    expect(limited.length).toBeLessThanOrEqual(2)
    expect(total(limited)).toBe(150)
  })
})
