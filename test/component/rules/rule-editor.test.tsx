import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import type { RuleDefinition } from '@/api/rules'
import { axeViolations } from '../support/axe'
import { type Call, fakeApi, json, refuse, writes } from '../support/fake-api'
import { commonRoutes, preview, summerRule } from './support/rules-fixtures'
import { renderRules, screenLoaded } from './support/rules-router'

afterEach(() => vi.unstubAllGlobals())

// Each test writes a whole rule, keystroke by keystroke.
vi.setConfig({ testTimeout: 30_000 })

const summerPlaylist = {
  id: 'pl_Summer',
  name: 'Summer',
  description: null,
  updated_at: '2026-11-01T00:00:00.000Z',
  video_ids: [],
}

function editorApi(
  answers: {
    preview?: (call: Call) => ReturnType<typeof json>
    save?: () => ReturnType<typeof json>
  } = {},
) {
  return fakeApi({
    ...commonRoutes('editor'),
    'GET /api/v1/playlists': () =>
      json({
        playlists: [summerPlaylist],
        links: { next: null },
        pagination: { cursor: null, has_more: false },
      }),
    'POST /api/dashboard/rules/preview': (call) => answers.preview?.(call) ?? json(preview()),
    'POST /api/dashboard/rules/rules': () =>
      answers.save?.() ?? json({ rule: summerRule({ version: 1 }), findings: [] }, 201),
    'GET /api/dashboard/rules/rules/rl_summer': () => json(summerRule({ version: 1 })),
    'GET /api/dashboard/rules/rules/rl_summer/versions': () => json({ versions: [] }),
  })
}

/** Writes "new videos with #summer from the Outdoor store go to the top of Summer" by keyboard and pointer. */
async function writeSummerRule(user: ReturnType<typeof userEvent.setup>) {
  await screenLoaded('New rule')
  await user.type(screen.getByLabelText('Name'), 'Summer to the top')
  const conditions = screen.getByRole('group', { name: 'Conditions' })
  await user.click(
    within(conditions).getByRole('button', { name: 'Add condition to the conditions' }),
  )
  // The new condition's field has the focus; it starts as a hashtag.
  const first = screen.getByRole('group', { name: 'Condition 1' })
  expect(within(first).getByLabelText('Field')).toHaveFocus()
  await user.type(within(first).getByLabelText('Hashtag'), 'summer')
  await user.click(
    within(conditions).getByRole('button', { name: 'Add condition to the conditions' }),
  )
  const second = screen.getByRole('group', { name: 'Condition 2' })
  await user.selectOptions(within(second).getByLabelText('Field'), 'Store of a tagged product')
  await user.selectOptions(await within(second).findByLabelText('Store'), 'Outdoor (USD)')
  const action = screen.getByRole('group', { name: 'Action 1' })
  await user.type(within(action).getByRole('combobox', { name: 'Playlist' }), 'Sum')
  await user.click(await screen.findByRole('option', { name: /Summer/ }))
  expect(within(action).getByText('Chosen: Summer')).toBeInTheDocument()
}

it('shows what the rule matches as it is written, and who would enter the playlist', async () => {
  const user = userEvent.setup()
  const calls = editorApi()
  renderRules('/rules/new')
  await writeSummerRule(user)

  const aside = screen.getByRole('complementary', { name: 'Preview' })
  await within(aside).findByText('2 videos match now.')
  expect(within(aside).getByRole('link', { name: 'Beach day #summer' })).toHaveAttribute(
    'href',
    '/videos/vd_beach',
  )
  expect(within(aside).getByText('Summer: 1 video would enter, 0 would leave')).toBeInTheDocument()
  expect(
    within(within(aside).getByRole('list', { name: 'Entering Summer' })).getByRole('link'),
  ).toHaveTextContent('Trail run #summer')
  // Asked once typing paused, with the rule as written.
  const previews = calls.filter((call) => call.url.pathname.endsWith('/preview'))
  const asked = previews.at(-1)
  if (!asked) throw new Error('The editor asked for no preview')
  const last = (asked.body as { definition: RuleDefinition }).definition
  expect(last.conditions).toEqual({
    group: 'all',
    children: [
      { field: 'hashtag', op: 'has', value: 'summer' },
      { field: 'product_facet', facet: 'store', op: 'any_is', value: 'st_Outdoor' },
    ],
  })
  expect(last.actions).toEqual([
    { type: 'playlist_add', playlist_id: 'pl_Summer', position: 'top' },
  ])
  expect(previews.length).toBeLessThan(8)
  expect(await axeViolations()).toEqual([])
})

it('keeps what was typed and says why when the server refuses the save', async () => {
  const user = userEvent.setup()
  const calls = editorApi({
    save: () => refuse(422, 'Give it a priority other than 100: “Winter sale” also adds to Summer'),
  })
  renderRules('/rules/new')
  await writeSummerRule(user)
  await user.click(screen.getByRole('button', { name: 'Save rule' }))

  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Not saved: Give it a priority other than 100: “Winter sale” also adds to Summer',
  )
  expect(screen.getByLabelText('Name')).toHaveValue('Summer to the top')
  expect(
    within(screen.getByRole('group', { name: 'Condition 1' })).getByLabelText('Hashtag'),
  ).toHaveValue('summer')
  expect(writes(calls).filter((call) => call.path === '/api/dashboard/rules/rules')).toHaveLength(1)
})

it('does not save while the checker has a blocking finding, and says which', async () => {
  const user = userEvent.setup()
  const calls = editorApi({
    preview: () =>
      json(
        preview({
          findings: [
            {
              kind: 'needs_priority',
              message:
                '“Winter sale” removes from Summer what this adds: give them different priorities',
              rule_id: 'rl_winter',
              blocking: true,
            },
          ],
        }),
      ),
  })
  renderRules('/rules/new')
  await writeSummerRule(user)
  const aside = screen.getByRole('complementary', { name: 'Preview' })
  await within(aside).findByText(/must be fixed to save/)
  expect(within(aside).getByRole('link', { name: 'Open the other rule' })).toHaveAttribute(
    'href',
    '/rules/rl_winter',
  )
  await user.click(screen.getByRole('button', { name: 'Save rule' }))
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Not saved: “Winter sale” removes from Summer what this adds',
  )
  expect(writes(calls).filter((call) => call.path === '/api/dashboard/rules/rules')).toEqual([])
})

it('says what is missing before asking the server', async () => {
  const user = userEvent.setup()
  const calls = editorApi()
  renderRules('/rules/new')
  await screenLoaded('New rule')
  await user.click(screen.getByRole('button', { name: 'Save rule' }))
  await waitFor(() =>
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(/This cannot be empty/),
  )
  expect(
    within(screen.getByRole('group', { name: 'Action 1' })).getByText('Choose a playlist.'),
  ).toBeInTheDocument()
  expect(writes(calls).filter((call) => call.path === '/api/dashboard/rules/rules')).toEqual([])
})
