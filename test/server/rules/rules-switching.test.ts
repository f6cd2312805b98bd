/**
 * Who switches rules on: admins, or editors once an admin allows it in the rules' settings.
 * Anyone who writes rules may switch one off. A rule that is on is changed only by those who may
 * switch it on. Anyone signed in follows a rule.
 */
import { describe, expect, it } from 'vitest'
import { ruleSavedSchema, ruleSchema, rulesSettingsSchema } from '@/api/rules.ts'
import { rulesApi, rulesDashboard, summerRule } from './rules-dashboard.ts'

const running = rulesDashboard()

const newRule = async (name: string, priority = 100) => {
  const { as, channel } = running()
  const answer = await as('ed', 'POST', rulesApi('/rules'), {
    ...summerRule(channel, `pl-${name}`),
    name,
    priority,
  })
  return ruleSavedSchema.parse(answer.json()).rule
}

const setEditorsMayEnable = async (value: boolean) => {
  const answer = await running().as('admin', 'PUT', rulesApi('/settings'), {
    editors_may_enable: value,
  })
  expect(answer.status, answer.text).toBe(200)
}

describe('switching rules on', () => {
  it('is for admins; editors only once the setting allows; editors always switch off', async () => {
    const { as, audit } = running()
    await setEditorsMayEnable(false)
    const rule = await newRule('Switch me')
    const on = { enabled: true }
    const refused = await as('ed', 'POST', rulesApi(`/rules/${rule.id}/enabled`), on)
    expect(refused.status).toBe(403)
    expect(refused.json().error).toContain('Admins switch rules on')

    const switched = await as('admin', 'POST', rulesApi(`/rules/${rule.id}/enabled`), on)
    expect(switched.status, switched.text).toBe(200)
    expect(ruleSavedSchema.parse(switched.json()).rule).toMatchObject({ enabled: true, version: 2 })
    expect((await audit('dashboard.rules.switch')).slice(0, 2)).toMatchObject([
      { account_email: 'admin@example.com', status: 200 },
      { account_email: 'ed@example.com', status: 403 },
    ])

    // On, it changes only by those who may switch it on.
    const change = { ...summerRule(running().channel, 'pl-Switch me'), name: 'Changed while on' }
    const edit = await as('ed', 'PUT', rulesApi(`/rules/${rule.id}`), change)
    expect(edit.status).toBe(403)
    expect(edit.json().error).toContain('switch it off first')

    const off = await as('ed', 'POST', rulesApi(`/rules/${rule.id}/enabled`), { enabled: false })
    expect(ruleSavedSchema.parse(off.json()).rule).toMatchObject({ enabled: false, version: 3 })
    expect((await as('ed', 'PUT', rulesApi(`/rules/${rule.id}`), change)).status).toBe(200)

    await setEditorsMayEnable(true)
    const byEditor = await as('ed', 'POST', rulesApi(`/rules/${rule.id}/enabled`), on)
    expect(byEditor.status, byEditor.text).toBe(200)
    await setEditorsMayEnable(false)
  })

  it('has its setting read by everyone and changed by admins only', async () => {
    const { as, audit } = running()
    expect(
      (await as('ed', 'PUT', rulesApi('/settings'), { editors_may_enable: true })).status,
    ).toBe(403)
    await setEditorsMayEnable(true)
    const read = rulesSettingsSchema.parse((await as('vic', 'GET', rulesApi('/settings'))).json())
    expect(read).toMatchObject({ editors_may_enable: true, updated_by: 'admin@example.com' })
    expect((await audit('dashboard.rules.changeSettings'))[0]).toMatchObject({ status: 200 })
    await setEditorsMayEnable(false)
  })

  it('is refused when a rule it conflicts with has the same priority', async () => {
    const { as, channel } = running()
    const pin = {
      group: 'all' as const,
      children: [{ field: 'product_count' as const, op: 'gte' as const, value: 0 }],
    }
    const add = await as('ed', 'POST', rulesApi('/rules'), {
      ...summerRule(channel, 'pl-shared'),
      name: 'Adds',
      conditions: pin,
    })
    const adds = ruleSavedSchema.parse(add.json()).rule
    await as('admin', 'POST', rulesApi(`/rules/${adds.id}/enabled`), { enabled: true })
    const removes = ruleSavedSchema.parse(
      (
        await as('ed', 'POST', rulesApi('/rules'), {
          ...summerRule(channel),
          name: 'Removes',
          conditions: pin,
          actions: [{ type: 'playlist_remove', playlist_id: 'pl-shared' }],
          priority: 90,
        })
      ).json(),
    ).rule
    // Saved at 90; brought to the same priority, it is refused with the reason.
    const same = await as('ed', 'PUT', rulesApi(`/rules/${removes.id}`), {
      ...summerRule(channel),
      name: 'Removes',
      conditions: pin,
      actions: [{ type: 'playlist_remove', playlist_id: 'pl-shared' }],
      priority: 100,
    })
    expect(same.status).toBe(422)
    expect(same.json().error).toContain('“Adds” conflict on')
    expect(same.json().error).toContain('same priority (100)')
    await as('admin', 'POST', rulesApi(`/rules/${adds.id}/enabled`), { enabled: false })
  })
})

describe('following a rule', () => {
  it('is for anyone signed in, each for themselves', async () => {
    const { as } = running()
    const rule = await newRule('Follow me')
    const followed = await as('vic', 'POST', rulesApi(`/rules/${rule.id}/follow`))
    expect(ruleSchema.parse(followed.json()).following).toBe(true)
    expect(
      ruleSchema.parse((await as('ed', 'GET', rulesApi(`/rules/${rule.id}`))).json()).following,
    ).toBe(false)
    const unfollowed = await as('vic', 'DELETE', rulesApi(`/rules/${rule.id}/follow`))
    expect(ruleSchema.parse(unfollowed.json()).following).toBe(false)
    expect((await as('vic', 'POST', rulesApi('/rules/no-such-rule/follow'))).status).toBe(404)
  })
})
