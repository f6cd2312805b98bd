import { useState } from 'react'
import { toServiceError } from '@/api/client'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { FieldShell } from '@/components/ui/field'
import { TextInput } from '@/components/ui/text-input'
import { useToast } from '@/components/ui/toast'
import type { PosterActions } from './use-poster-actions'

// The video update's poster_url takes .jpg or .png only (document 1, 4.6).
const replacementAddress = /^https?:\/\/[^/\s]+\/\S*\.(jpe?g|png)(\?\S*)?$/i

// Every poster replaced by one image: the dialog says what goes before anything is sent.
export function ReplacePosters({
  count,
  actions,
  reason,
}: {
  count: number
  actions: PosterActions
  /** Why the role cannot replace posters. */
  reason: string | undefined
}) {
  const toast = useToast()
  const [open, setOpen] = useState(false)
  const [url, setUrl] = useState('')
  const [error, setError] = useState<string | null>(null)
  const close = () => {
    setOpen(false)
    setError(null)
  }
  const replace = () => {
    if (!replacementAddress.test(url))
      return setError('Enter an http(s) address of a .jpg or .png image.')
    actions.replaceAll.mutate(url, {
      onSuccess: () => {
        close()
        setUrl('')
        toast('Posters replaced.', { tone: 'success' })
      },
      onError: (refusal) => setError(`The service refused it: ${toServiceError(refusal).message}`),
    })
  }
  return (
    <>
      <Button size="sm" unavailableReason={reason} onClick={() => setOpen(true)}>
        Replace all…
      </Button>
      {open ? (
        <Dialog
          title="Replace all posters"
          description={
            count === 0
              ? 'The image becomes the video’s only poster.'
              : `All ${count} current posters go, and this image becomes the only one. This cannot be undone.`
          }
          onClose={close}
          busy={actions.replaceAll.isPending}
          size="md"
          footer={
            <>
              <Button onClick={close}>Cancel</Button>
              <Button variant="danger" busy={actions.replaceAll.isPending} onClick={replace}>
                {count === 0
                  ? 'Set the poster'
                  : count === 1
                    ? 'Replace the poster'
                    : `Replace all ${count} posters`}
              </Button>
            </>
          }
        >
          <FieldShell
            id="replace-poster-url"
            label="Image address"
            hint=".jpg or .png"
            error={error}
          >
            {(a11y) => (
              <TextInput
                {...a11y}
                type="url"
                value={url}
                onChange={(event) => setUrl(event.target.value)}
                autoComplete="off"
              />
            )}
          </FieldShell>
        </Dialog>
      ) : null}
    </>
  )
}
