// Installed by `npm run bench:catalog` as an init script, before the app's scripts.
// `arm(query, where)` returns a promise of the time from the last keydown to the first frame
// showing that search's results, and every result row names the query (in its name or brand):
// on the catalog ('catalog') the box holds the query and nothing is being fetched (the address
// follows once typing pauses); in the tag search ('tags') the box holds the query and its list
// is no longer marked busy. Plain browser JavaScript.
;(() => {
  if (window.__catalog || window.top !== window) return
  const state = { lastKey: null, armed: null }
  window.__catalog = state
  addEventListener('keydown', (event) => (state.lastKey = event.timeStamp), true)
  const tagList = () =>
    document.querySelector('[role="listbox"][aria-label="Matching products and variants"]')
  const catalogRows = () =>
    [...document.querySelectorAll('table')].flatMap((table) =>
      table.querySelector('caption')?.textContent === 'Products'
        ? [...table.querySelectorAll('tbody tr')].map((row) => row.textContent ?? '')
        : [],
    )
  const tagRows = () =>
    [...(tagList()?.querySelectorAll('[role="option"]') ?? [])].map((row) => row.textContent ?? '')
  const rows = (where) => (where === 'tags' ? tagRows() : catalogRows())
  const header = () => document.querySelector('main header')?.textContent ?? ''
  const current = (armed) => {
    if (armed.where === 'tags') {
      const box = document.getElementById('tag-search')
      return box?.value === armed.query && tagList() && !tagList().hasAttribute('aria-busy')
    }
    const box = document.getElementById('catalog-search')
    return box?.value === armed.query && !header().includes('updating')
  }
  const check = () => {
    const armed = state.armed
    if (!armed || !current(armed)) return
    const shown = rows(armed.where)
    const empty = document.body.textContent?.includes('No product matches')
    if (!empty && shown.length === 0) return
    if (!shown.every((text) => text.toLowerCase().includes(armed.folded))) return
    if (shown.join('\n') === armed.before) return
    state.armed = null
    requestAnimationFrame(() =>
      armed.resolve({ keyAt: state.lastKey, doneAt: performance.now(), rows: shown.length }),
    )
  }
  // The tag list's busy mark is an attribute: when a search's results are the rows its prefix
  // already showed (dimmed), only that mark changes as they are painted.
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['aria-busy'],
  })
  state.arm = (query, where) =>
    new Promise((resolve) => {
      const before = rows(where).join('\n')
      state.armed = { query, where, folded: query.toLowerCase(), before, resolve }
      setTimeout(() => {
        if (state.armed?.query !== query) return
        state.armed = null
        resolve({ keyAt: state.lastKey, doneAt: null, rows: rows(where).length })
      }, 5000)
    })
})()
