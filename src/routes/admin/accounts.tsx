import { createFileRoute } from '@tanstack/react-router'
import { accountsQuery } from '../../api/queries/admin'
import { AccountsScreen } from '../../features/admin/accounts-screen'

export const Route = createFileRoute('/admin/accounts')({
  loader: ({ context }) => context.queryClient.ensureQueryData(accountsQuery()),
  component: AccountsScreen,
})
