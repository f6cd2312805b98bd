import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { toServiceError } from '@/api/client'
import { dashboardApi } from '@/api/dashboard-api'
import { type Account, accountSchema, accountsQuery, adminKeys } from '@/api/queries/admin'
import { meQuery } from '@/api/queries/session'
import { type Role, roleDescriptions, roles } from '@/api/roles'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Panel } from '@/components/ui/panel'
import { Select } from '@/components/ui/select'
import { Cell, Row, Table } from '@/components/ui/table'
import { useToast } from '@/components/ui/toast'
import { InviteDialog } from './invite-dialog'
import { OpenInvitations } from './open-invitations'
import { ResetLinkDialog } from './reset-link-dialog'

const columns = [
  { label: 'Email' },
  { label: 'Role' },
  { label: 'Status' },
  { label: 'Actions', hidden: true },
]

/** Who can sign in, with which role; open invitations; deactivating someone who left. */
export function AccountsScreen() {
  const { data: accounts } = useSuspenseQuery(accountsQuery())
  const { data: me } = useSuspenseQuery(meQuery())
  const [inviting, setInviting] = useState(false)
  const [resetting, setResetting] = useState<Account | null>(null)
  const queryClient = useQueryClient()
  const toast = useToast()
  const update = useMutation({
    mutationFn: ({ id, change }: { id: string; change: { role?: Role; deactivated?: boolean } }) =>
      dashboardApi(`/auth/accounts/${id}`, {
        method: 'PATCH',
        body: change,
        schema: accountSchema,
      }),
    onSuccess: (account) => {
      queryClient.setQueryData(accountsQuery().queryKey, (list) =>
        list?.map((each) => (each.id === account.id ? account : each)),
      )
      toast(
        `${account.email} is now ${account.deactivated_at ? 'deactivated' : `${account.role}`}.`,
        { tone: 'success' },
      )
    },
    onError: (error) => toast(`Not changed: ${toServiceError(error).message}`, { tone: 'danger' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.accounts() }),
  })

  return (
    <Panel
      title="Accounts"
      actions={
        <Button variant="primary" onClick={() => setInviting(true)}>
          Invite someone
        </Button>
      }
    >
      <ul className="grid gap-1 text-sm text-slate-700 sm:grid-cols-3">
        {roles.map((role) => (
          <li key={role}>
            <strong className="capitalize">{role}</strong>: {roleDescriptions[role]}
          </li>
        ))}
      </ul>
      <Table caption="Accounts" columns={columns}>
        {accounts.map((account) => (
          <AccountRow
            key={account.id}
            account={account}
            isMe={account.id === me.id}
            busy={update.isPending && update.variables?.id === account.id}
            onChange={(change) => update.mutate({ id: account.id, change })}
            onSendResetLink={() => setResetting(account)}
          />
        ))}
      </Table>
      <OpenInvitations />
      {inviting ? <InviteDialog onClose={() => setInviting(false)} /> : null}
      {resetting ? (
        <ResetLinkDialog account={resetting} onClose={() => setResetting(null)} />
      ) : null}
    </Panel>
  )
}

function AccountRow({
  account,
  isMe,
  busy,
  onChange,
  onSendResetLink,
}: {
  account: Account
  isMe: boolean
  busy: boolean
  onChange: (change: { role?: Role; deactivated?: boolean }) => void
  onSendResetLink: () => void
}) {
  const active = !account.deactivated_at
  return (
    <Row>
      <Cell>
        {account.email}
        {isMe ? <span className="text-slate-600"> (you)</span> : null}
      </Cell>
      <Cell>
        <Select
          controlSize="sm"
          aria-label={`Role of ${account.email}`}
          value={account.role}
          disabled={busy}
          onChange={(event) => onChange({ role: event.target.value as Role })}
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </Select>
      </Cell>
      <Cell>
        {active ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Deactivated</Badge>}
      </Cell>
      <Cell className="flex flex-wrap justify-end gap-2">
        {active ? (
          <Button
            size="sm"
            aria-label={`Send reset link to ${account.email}`}
            onClick={onSendResetLink}
          >
            Send reset link
          </Button>
        ) : null}
        <Button
          size="sm"
          variant={active ? 'danger' : 'secondary'}
          busy={busy}
          disabled={isMe && active}
          title={isMe && active ? 'You cannot deactivate your own account' : undefined}
          aria-label={`${active ? 'Deactivate' : 'Reactivate'} ${account.email}`}
          onClick={() => onChange({ deactivated: active })}
        >
          {active ? 'Deactivate' : 'Reactivate'}
        </Button>
      </Cell>
    </Row>
  )
}
