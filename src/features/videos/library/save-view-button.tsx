import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { meQuery } from '@/api/queries/session'
import { roleAllows } from '@/api/roles'
import { Button } from '@/components/ui/button'
import type { LibrarySearch } from './library-search'

const SavedViewsDialog = lazy(() =>
  import('./saved-views-dialog').then((module) => ({ default: module.SavedViewsDialog })),
)

/** Saves what the library shows under a name (editors and admins); the sidebar lists it. */
export function SaveViewButton({ search }: { search: LibrarySearch & { channel?: string } }) {
  const { data: me } = useQuery(meQuery())
  const [open, setOpen] = useState(false)
  const { channel: _inUse, ...view } = search
  return (
    <>
      <Button
        size="sm"
        onClick={() => setOpen(true)}
        unavailableReason={me && !roleAllows(me.role, 'editor') ? 'Editors save views' : undefined}
      >
        Save view…
      </Button>
      {open && me ? (
        <Suspense fallback={null}>
          <SavedViewsDialog
            search={view}
            isAdmin={me.role === 'admin'}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  )
}
