import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { sectionOrder } from '../sections'

/** Unsaved work held by one part of the page. */
export interface Draft {
  /** What is changed, in the save bar's words ("Caption", "Product tags"). */
  labels: readonly string[]
  /** How many changes it holds; 0 means nothing to save. */
  count: number
  /** Saves it; false when it was not saved (invalid, refused, or the person changed their mind). */
  save: () => Promise<boolean>
  discard: () => void
}

interface Entry extends Omit<Draft, 'save' | 'discard'> {
  key: string
  /** The section it belongs to, so a failed save can show where. */
  section: string
  handlers: { current: Pick<Draft, 'save' | 'discard'> }
}

interface Registry {
  entries: readonly Entry[]
  put: (entry: Entry) => void
  remove: (key: string) => void
}

const DraftsContext = createContext<Registry | null>(null)

// Every unsaved change on the video page, wherever it is made, so that one bar saves or discards
// them all and one guard asks before leaving. A save goes down the page in section order and stops
// at the first part that is not saved, so its message is the one in view.
export function PageDrafts({ children }: { children: ReactNode }) {
  const [entries, setEntries] = useState<readonly Entry[]>([])
  const put = useCallback((entry: Entry) => {
    setEntries((current) => {
      const index = current.findIndex((known) => known.key === entry.key)
      const next = index === -1 ? [...current, entry] : current.with(index, entry)
      return next.sort((a, b) => sectionOrder(a.section) - sectionOrder(b.section))
    })
  }, [])
  const remove = useCallback(
    (key: string) => setEntries((current) => current.filter((entry) => entry.key !== key)),
    [],
  )
  const registry = useMemo(() => ({ entries, put, remove }), [entries, put, remove])
  return <DraftsContext.Provider value={registry}>{children}</DraftsContext.Provider>
}

function useRegistry(): Registry {
  const registry = useContext(DraftsContext)
  if (!registry) throw new Error('The video page parts need <PageDrafts> around them.')
  return registry
}

/** Puts this part's unsaved changes in the page's one save bar while there are any. */
export function useDraft(key: string, section: string, draft: Draft) {
  const { put, remove } = useRegistry()
  const handlers = useRef<Pick<Draft, 'save' | 'discard'>>(draft)
  handlers.current = draft
  const labelsKey = draft.labels.join('\n')
  // biome-ignore lint/correctness/useExhaustiveDependencies: `labelsKey` stands for the labels
  useEffect(() => {
    if (draft.count === 0) return remove(key)
    put({ key, section, labels: draft.labels, count: draft.count, handlers })
  }, [key, section, labelsKey, draft.count, put, remove])
  useEffect(() => () => remove(key), [key, remove])
}

/** The page's unsaved changes together: how many, what, and saving or discarding them all. */
export function usePageDrafts() {
  const { entries } = useRegistry()
  const count = entries.reduce((sum, entry) => sum + entry.count, 0)
  const labels = entries.flatMap((entry) => entry.labels)
  const latest = useRef(entries)
  latest.current = entries
  /** Saves part after part; the section of the first part not saved, or null when all are. */
  const saveAll = useCallback(async (): Promise<string | null> => {
    for (const entry of latest.current) {
      if (!(await entry.handlers.current.save())) return entry.section
    }
    return null
  }, [])
  const discardAll = useCallback(() => {
    for (const entry of latest.current) entry.handlers.current.discard()
  }, [])
  const sectionsChanged = new Set(entries.map((entry) => entry.section))
  return { count, labels, sectionsChanged, saveAll, discardAll }
}
