import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { linkClasses } from '@/components/ui/control-styles'
import { SectionLink } from '../layout/section-link'
import { sections } from '../sections'
import { usePageDrafts } from './page-drafts'

const changes = (count: number) => `${count} unsaved change${count === 1 ? '' : 's'}`

// The one place the page's changes are saved or discarded, in view at the bottom of the screen
// wherever the change was made. The status line is always there, so a screen reader hears when
// changes appear and when they are saved; the bar itself only while there is something to save.
export function SaveBar() {
  const drafts = usePageDrafts()
  const [saving, setSaving] = useState(false)
  const [notSaved, setNotSaved] = useState<string | null>(null)
  const open = drafts.count > 0
  const failedSection = sections.find((section) => section.id === notSaved)
  const summary = `${changes(drafts.count)}: ${drafts.labels.join(', ')}`

  const save = async () => {
    setSaving(true)
    setNotSaved(null)
    try {
      setNotSaved(await drafts.saveAll())
    } finally {
      setSaving(false)
    }
  }

  return (
    <>
      <p role="status" className="sr-only">
        {open ? summary : 'All changes saved.'}
      </p>
      {open ? (
        <section
          aria-label="Unsaved changes"
          className="sticky bottom-0 z-20 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-slate-300 bg-white/95 py-3 shadow-[0_-4px_12px_-6px_rgb(15_23_42/0.25)] backdrop-blur"
        >
          <p className="min-w-0 flex-1 text-sm text-slate-900">
            <span className="font-semibold">{changes(drafts.count)}</span>
            <span className="text-slate-700">: {drafts.labels.join(', ')}</span>
          </p>
          {failedSection ? (
            <p className="text-sm text-red-800">
              Not everything was saved: see{' '}
              <SectionLink section={failedSection.id} className={linkClasses}>
                {failedSection.label}
              </SectionLink>
              .
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button disabled={saving} onClick={drafts.discardAll}>
              Discard changes
            </Button>
            <Button variant="primary" busy={saving} busyLabel="Saving…" onClick={save}>
              Save changes
            </Button>
          </div>
        </section>
      ) : null}
    </>
  )
}
