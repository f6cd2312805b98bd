import { useEffect, useRef, useState } from 'react'
import type { Video } from '@/api/generated/types.gen'
import { toFormValues } from './form-values'

// The record has no version field: what the form shows of it stands for its version.
const versionOf = (video: Video) => JSON.stringify(toFormValues(video))

// Whether the stored video changed (another tab, a person on the service's portal, a webhook)
// while this form held unsaved changes: the form keeps what was typed and says so, rather than
// overwriting it. `seen` records a version the form itself caused (a save, a discard).
export function useChangedElsewhere(video: Video, dirty: boolean) {
  const version = versionOf(video)
  const known = useRef(version)
  const dirtyNow = useRef(dirty)
  dirtyNow.current = dirty
  const [changed, setChanged] = useState(false)
  useEffect(() => {
    if (version === known.current) return
    known.current = version
    if (dirtyNow.current) setChanged(true)
  }, [version])
  return {
    // Said only while there is something of the reader's to keep.
    changed: changed && dirty,
    seen: (version: Video) => {
      known.current = versionOf(version)
      setChanged(false)
    },
  }
}
