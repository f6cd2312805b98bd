/**
 * Rules as people keep them: everyone signed in reads them and their history; editors write,
 * change, revert and delete them, each change a new version with who, when and what changed in
 * words, and audited; a rule that is on is changed only by those who may switch rules on.
 */
import { describe, expect, it } from 'vitest'
import { ruleListSchema, ruleSavedSchema, ruleSchema, ruleVersionListSchema } from '@/api/rules.ts'
import { rulesApi, rulesDashboard, summerRule } from './rules-dashboard.ts'

const running = rulesDashboard()

const create = async (name: string) => {
  const { as, channel } = running()
  const answer = await as('ed', 'POST', rulesApi('/rules'), { ...summerRule(channel), name })
  expect(answer.status, answer.text).toBe(201)
  return ruleSavedSchema.parse(answer.json()).rule
}

describe('rules', () => {
  it('are written by editors, switched off, as version 1, and read by everyone', async () => {
    const { as, channel, audit } = running()
    const rule = await create('Summer to the top')
    expect(rule).toMatchObject({
      name: 'Summer to the top',
      version: 1,
      enabled: false,
      author_email: 'ed@example.com',
      updated_by: 'ed@example.com',
      following: false,
    })
    const list = ruleListSchema.parse(
      (await as('vic', 'GET', rulesApi(`/rules?channel_id=${channel}`))).json(),
    )
    expect(list.rules.map((each) => each.id)).toContain(rule.id)
    const read = await as('vic', 'GET', rulesApi(`/rules/${rule.id}`))
    expect(ruleSchema.parse(read.json())).toEqual(rule)
    expect((await audit('dashboard.rules.create'))[0]).toMatchObject({
      account_email: 'ed@example.com',
      status: 201,
    })
  })

  it('are not written by viewers', async () => {
    const { as, channel } = running()
    const rule = await create('Viewers cannot touch')
    const refused = [
      await as('vic', 'POST', rulesApi('/rules'), summerRule(channel)),
      await as('vic', 'PUT', rulesApi(`/rules/${rule.id}`), summerRule(channel)),
      await as('vic', 'DELETE', rulesApi(`/rules/${rule.id}`)),
      await as('vic', 'POST', rulesApi(`/rules/${rule.id}/revert`), { version: 1 }),
      await as('vic', 'POST', rulesApi(`/rules/${rule.id}/enabled`), { enabled: true }),
    ]
    expect(refused.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403])
    expect(
      ruleSchema.parse((await as('vic', 'GET', rulesApi(`/rules/${rule.id}`))).json()),
    ).toEqual(rule)
  })

  it('keep every change as a version with who, when and what changed, and revert in one click', async () => {
    const { as, channel } = running()
    const rule = await create('Versions')
    const changed = {
      ...summerRule(channel),
      name: 'Versions, renamed',
      conditions: { group: 'any' as const, children: [] },
      priority: 50,
    }
    const saved = await as('eve', 'PUT', rulesApi(`/rules/${rule.id}`), changed)
    expect(saved.status, saved.text).toBe(200)
    expect(ruleSavedSchema.parse(saved.json()).rule).toMatchObject({
      version: 2,
      updated_by: 'eve@example.com',
      author_email: 'ed@example.com',
    })
    // The same definition again writes no version.
    expect(
      ruleSavedSchema.parse((await as('eve', 'PUT', rulesApi(`/rules/${rule.id}`), changed)).json())
        .rule.version,
    ).toBe(2)

    const reverted = await as('ed', 'POST', rulesApi(`/rules/${rule.id}/revert`), { version: 1 })
    expect(reverted.status, reverted.text).toBe(200)
    const now = ruleSavedSchema.parse(reverted.json()).rule
    expect(now).toMatchObject({ version: 3, name: 'Versions', priority: 100 })
    expect(now.conditions).toEqual(rule.conditions)

    const { versions } = ruleVersionListSchema.parse(
      (await as('vic', 'GET', rulesApi(`/rules/${rule.id}/versions`))).json(),
    )
    expect(versions.map((v) => [v.version, v.changed_by, v.changes])).toEqual([
      [
        3,
        'ed@example.com',
        [
          'reverted to version 1',
          'renamed from “Versions, renamed” to “Versions”',
          'conditions',
          'priority from 50 to 100',
        ],
      ],
      [
        2,
        'eve@example.com',
        ['renamed from “Versions” to “Versions, renamed”', 'conditions', 'priority from 100 to 50'],
      ],
      [1, 'ed@example.com', ['created']],
    ])
    expect(versions[2]?.definition).toEqual(versions[0]?.definition)
    expect(Date.parse(versions[0]?.changed_at ?? '')).toBeGreaterThanOrEqual(
      Date.parse(versions[1]?.changed_at ?? ''),
    )
    const missing = await as('ed', 'POST', rulesApi(`/rules/${rule.id}/revert`), { version: 9 })
    expect(missing.json()).toEqual({ error: 'This rule has no version 9' })
  })

  it('are deleted by editors, keeping their history', async () => {
    const { as, channel, audit } = running()
    const rule = await create('Short-lived')
    expect((await as('ed', 'DELETE', rulesApi(`/rules/${rule.id}`))).status).toBe(204)
    expect((await as('vic', 'GET', rulesApi(`/rules/${rule.id}`))).status).toBe(404)
    const list = ruleListSchema.parse(
      (await as('vic', 'GET', rulesApi(`/rules?channel_id=${channel}`))).json(),
    )
    expect(list.rules.map((each) => each.id)).not.toContain(rule.id)
    const { versions } = ruleVersionListSchema.parse(
      (await as('vic', 'GET', rulesApi(`/rules/${rule.id}/versions`))).json(),
    )
    expect(versions[0]).toMatchObject({ version: 2, changes: ['deleted'], enabled: false })
    expect((await as('ed', 'DELETE', rulesApi(`/rules/${rule.id}`))).status).toBe(404)
    expect((await audit('dashboard.rules.delete'))[0]).toMatchObject({ status: 404 })
  })

  it('refuse a definition that is not valid, saying why', async () => {
    const { as, channel } = running()
    const withPattern = (value: string) => ({
      ...summerRule(channel),
      conditions: { group: 'all', children: [{ field: 'caption', op: 'matches', value }] },
    })
    const cases: Array<[unknown, string]> = [
      [{ ...summerRule(channel), actions: [] }, 'Invalid actions: Too small'],
      [withPattern('(sum)mer \\1'), 'uses a back-reference'],
      [withPattern('(a+)+b'), 'repeats a group that repeats something itself'],
      [withPattern('(unclosed'), 'is not a regular expression'],
    ]
    for (const [body, words] of cases) {
      const answer = await as('ed', 'POST', rulesApi('/rules'), body)
      expect(answer.status, answer.text).toBe(400)
      expect(answer.json().error).toContain(words)
    }
    const long = withPattern('a'.repeat(201))
    // The schema's own bound (200) speaks first.
    expect((await as('ed', 'POST', rulesApi('/rules'), long)).status).toBe(400)
  })
})
