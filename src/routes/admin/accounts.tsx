import { createFileRoute } from '@tanstack/react-router'
import { AccountsScreen } from '@/features/admin/accounts-screen'

export const Route = createFileRoute('/admin/accounts')({
  // The admin screens' queries load with them, not with every screen's first load.
  loader: async ({ context }) => {
    const { accountsQuery, invitationsQuery } = await import('@/api/queries/admin')
    await Promise.all([
      context.queryClient.ensureQueryData(accountsQuery()),
      context.queryClient.ensureQueryData(invitationsQuery()),
    ])
  },
  component: AccountsScreen,
})
