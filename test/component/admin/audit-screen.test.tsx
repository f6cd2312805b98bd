import { createRoute } from '@tanstack/react-router'
import { screen, within } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import { type AuditEntry, auditQuery } from '@/api/queries/admin'
import { AuditScreen } from '@/features/admin/audit-screen'
import { axeViolations } from '../support/axe'
import { fakeApi, json } from '../support/fake-api'
import { renderRoutes } from '../support/memory-router'

afterEach(() => vi.unstubAllGlobals())

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 'e-1',
  seq: 1,
  at: '2030-05-01T09:00:10.000Z',
  account_email: 'admin@example.com',
  operation: 'updateVideo',
  method: 'PATCH',
  path: '/api/v1/videos/v-1',
  status: 200,
  count: 1,
  ...overrides,
})

it('shows how many refused sign-ins a summarised row stands for', async () => {
  fakeApi({
    'GET /auth/audit': () =>
      json({
        entries: [
          entry({
            id: 'e-2',
            seq: 2,
            account_email: 'flooded@example.com',
            operation: 'dashboard.signInLimited',
            method: 'POST',
            path: '/auth/sign-in',
            status: 429,
            count: 200,
          }),
          entry({}),
        ],
        next: null,
      }),
  })
  renderRoutes('/admin/audit', (root) => [
    createRoute({
      getParentRoute: () => root,
      path: '/admin/audit',
      loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(auditQuery({})),
      component: () => <AuditScreen filters={{}} />,
    }),
  ])
  const table = await screen.findByRole('table', { name: 'Audit log, newest first' })
  const [, summarised, single] = within(table).getAllByRole('row')
  expect(summarised).toHaveTextContent('flooded@example.com')
  expect(summarised).toHaveTextContent('429 · 200 attempts that minute')
  expect(single).toHaveTextContent(/200$/)
  expect(single).not.toHaveTextContent('attempts')
  expect(await axeViolations()).toEqual([])
})
