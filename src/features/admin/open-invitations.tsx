import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { toServiceError } from '@/api/client'
import { dashboardApi } from '@/api/dashboard-api'
import { adminKeys, type Invitation, invitationsQuery } from '@/api/queries/admin'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Panel } from '@/components/ui/panel'
import { Cell, Row, Table } from '@/components/ui/table'
import { useToast } from '@/components/ui/toast'
import { formatDateTime } from '@/lib/format'

const columns = [
  { label: 'Email' },
  { label: 'Role' },
  { label: 'Invited by' },
  { label: 'Invited' },
  { label: 'Expires' },
  { label: 'Actions', hidden: true },
]

/** Invitations not used yet, and revoking one whose link went to the wrong person. */
export function OpenInvitations() {
  const { data: invitations } = useSuspenseQuery(invitationsQuery())
  const [revoking, setRevoking] = useState<Invitation | null>(null)
  const queryClient = useQueryClient()
  const toast = useToast()
  const revoke = useMutation({
    mutationFn: (invitation: Invitation) =>
      dashboardApi(`/auth/invites/${encodeURIComponent(invitation.id)}`, { method: 'DELETE' }),
    onSuccess: (_, invitation) => {
      setRevoking(null)
      toast(`The invitation for ${invitation.email} is revoked: its link no longer works.`, {
        tone: 'success',
      })
    },
    onError: (error) => {
      setRevoking(null)
      toast(`Not revoked: ${toServiceError(error).message}`, { tone: 'danger' })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.invitations() }),
  })

  return (
    <Panel title="Open invitations" headingLevel={3}>
      {invitations.length === 0 ? (
        <p className="text-sm text-slate-700">No open invitations.</p>
      ) : (
        <Table caption="Open invitations" columns={columns}>
          {invitations.map((invitation) => (
            <Row key={invitation.id}>
              <Cell>{invitation.email}</Cell>
              <Cell>{invitation.role}</Cell>
              <Cell>{invitation.createdBy ?? 'a removed account'}</Cell>
              <Cell className="whitespace-nowrap">{formatDateTime(invitation.createdAt)}</Cell>
              <Cell className="whitespace-nowrap">{formatDateTime(invitation.expiresAt)}</Cell>
              <Cell className="text-right">
                <Button
                  size="sm"
                  variant="danger"
                  aria-label={`Revoke the invitation for ${invitation.email}`}
                  onClick={() => setRevoking(invitation)}
                >
                  Revoke
                </Button>
              </Cell>
            </Row>
          ))}
        </Table>
      )}
      {revoking ? (
        <ConfirmDialog
          title="Revoke this invitation?"
          confirmLabel="Revoke invitation"
          cancelLabel="Keep it"
          tone="danger"
          busy={revoke.isPending}
          onConfirm={() => revoke.mutate(revoking)}
          onCancel={() => setRevoking(null)}
        >
          The link sent to {revoking.email} stops working at once. You can invite them again later.
        </ConfirmDialog>
      ) : null}
    </Panel>
  )
}
