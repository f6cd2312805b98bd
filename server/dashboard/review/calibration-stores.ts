import type { BusinessStoreList } from '../../../src/api/generated/types.gen.ts'
import type { ServiceReader } from '../forwarding/service-client.ts'
import type { StoreNames } from './calibration.ts'

/** Names change rarely: they are read again after this long. */
const keptMs = 5 * 60_000
/** A business with more stores than this many pages has its later ones unnamed. */
const mostPages = 20
/** How long an answer waits for the names; after that its stores go unnamed this time. */
const waitMs = 2_000

/**
 * The business's store names, read from the service (every page of its store list, following
 * `links.next`'s cursor) and kept a while; the calibration page names its store slices with them.
 * Until the service is known, while it fails, or for the first answer if it is slow, stores go
 * unnamed; the answer never waits on the service more than two seconds.
 */
export function storeNamesFrom(reader: () => ServiceReader | null): StoreNames {
  let kept: { at: number; names: Promise<ReadonlyMap<string, string | null>> } | null = null
  async function read(client: ServiceReader) {
    const names = new Map<string, string | null>()
    let cursor: Record<string, string> = {}
    for (let page = 0; page < mostPages; page++) {
      const list = await client.get<BusinessStoreList>(
        `/api/v1/business_stores?${new URLSearchParams({ page_size: '100', ...cursor })}`,
      )
      for (const store of list?.stores ?? []) names.set(store.id, store.name ?? null)
      const next = list?.links.next ? new URL(list.links.next, 'http://service.invalid') : null
      const param = ['after', 'before'].find((name) => next?.searchParams.has(name))
      const value = param ? next?.searchParams.get(param) : null
      if (!param || !value) break
      cursor = { [param]: value }
    }
    return names
  }
  return async () => {
    const client = reader()
    if (!client) return new Map()
    if (!kept || Date.now() - kept.at > keptMs) {
      const names = read(client)
      const previous = kept
      kept = { at: Date.now(), names }
      // A failed read is not kept: the names read before stay, and the next answer asks again.
      names.catch(() => {
        if (kept?.names === names) kept = previous && { ...previous, at: 0 }
      })
      if (previous) return previous.names.catch(() => new Map())
    }
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<ReadonlyMap<string, string | null>>((resolve) => {
      timer = setTimeout(() => resolve(new Map()), waitMs)
    })
    return Promise.race([kept.names, late]).finally(() => clearTimeout(timer))
  }
}
