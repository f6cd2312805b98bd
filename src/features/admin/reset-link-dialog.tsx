import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { toServiceError } from '@/api/client'
import { dashboardApi } from '@/api/dashboard-api'
import type { Account } from '@/api/queries/admin'
import { createdResetLinkSchema } from '@/api/queries/reset-link'
import { Button } from '@/components/ui/button'
import { Callout } from '@/components/ui/callout'
import { Dialog } from '@/components/ui/dialog'
import { TextInput } from '@/components/ui/text-input'

/**
 * A one-time link for someone to choose a new password, made on request and shown once, to copy
 * and send them. Their password keeps working until the link is used.
 */
export function ResetLinkDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const [copied, setCopied] = useState(false)
  const make = useMutation({
    mutationFn: () =>
      dashboardApi(`/auth/accounts/${encodeURIComponent(account.id)}/reset-link`, {
        method: 'POST',
        schema: createdResetLinkSchema,
      }),
  })
  const title = `Reset link for ${account.email}`

  if (make.data) {
    const { link } = make.data
    return (
      <Dialog
        title={title}
        description="Send this link to them. It works once, for 24 hours, and is not shown again. Using it signs them out everywhere else."
        onClose={onClose}
        footer={
          <Button variant="primary" onClick={onClose}>
            Done
          </Button>
        }
      >
        <div className="space-y-2">
          <TextInput
            readOnly
            value={link}
            aria-label="Reset link"
            onFocus={(event) => event.target.select()}
          />
          <Button
            size="sm"
            onClick={() => navigator.clipboard.writeText(link).then(() => setCopied(true))}
          >
            {copied ? 'Copied' : 'Copy link'}
          </Button>
        </div>
      </Dialog>
    )
  }
  return (
    <Dialog
      title={title}
      description="Make a one-time link with which they choose a new password, for when they have forgotten theirs. A newer link replaces any earlier one."
      onClose={onClose}
      busy={make.isPending}
      footer={
        <>
          <Button onClick={onClose} disabled={make.isPending}>
            Cancel
          </Button>
          <Button variant="primary" busy={make.isPending} onClick={() => make.mutate()}>
            Make link
          </Button>
        </>
      }
    >
      {make.error ? (
        <Callout tone="danger" role="alert">
          {toServiceError(make.error).message}
        </Callout>
      ) : null}
    </Dialog>
  )
}
