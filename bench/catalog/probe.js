// Installed by `npm run bench:catalog` as an init script, before the app's scripts. `arm(query)`
// returns a promise of the time from the last keydown to the first frame in which the catalog
// shows that search's results: the URL carries the query, nothing is being fetched, and every
// product row shown names the query (in its name or brand). Plain browser JavaScript.
;(() => {
  if (window.__catalog || window.top !== window) return
  const state = { lastKey: null, armed: null }
  window.__catalog = state
  addEventListener('keydown', (event) => (state.lastKey = event.timeStamp), true)
  const rows = () =>
    [...document.querySelectorAll('table[aria-label], table')].flatMap((table) =>
      table.querySelector('caption')?.textContent === 'Products'
        ? [...table.querySelectorAll('tbody tr')].map((row) => row.textContent ?? '')
        : [],
    )
  const header = () => document.querySelector('main header')?.textContent ?? ''
  const check = () => {
    const armed = state.armed
    if (!armed) return
    if (new URLSearchParams(location.search).get('q') !== armed.query) return
    if (header().includes('updating')) return
    const shown = rows()
    const empty = document.body.textContent?.includes('No product matches.')
    if (!empty && shown.length === 0) return
    if (!shown.every((text) => text.toLowerCase().includes(armed.folded))) return
    if (shown.join('\n') === armed.before) return
    state.armed = null
    requestAnimationFrame(() =>
      armed.resolve({ keyAt: state.lastKey, doneAt: performance.now(), rows: shown.length }),
    )
  }
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
  })
  state.arm = (query) =>
    new Promise((resolve) => {
      state.armed = { query, folded: query.toLowerCase(), before: rows().join('\n'), resolve }
      setTimeout(() => {
        if (state.armed?.query !== query) return
        state.armed = null
        resolve({ keyAt: state.lastKey, doneAt: null, rows: rows().length })
      }, 5000)
    })
})()
