// Installed by `npm run bench:review` as an init script, before the app's scripts. `arm(kind)`,
// then `wait()`, give the time from the next keydown to the first frame that shows its effect:
// for 'decision', the suggestions' states or the one in front of the reviewer changed; for
// 'advance', another video's suggestions are shown with one of them in front. The outcome also
// says when the page began handling the key and when the page had changed, which splits the time
// into the wait for the page, its work and the wait for the next frame. Plain browser JavaScript.
;(() => {
  if (window.__review || window.top !== window) return
  const state = { armed: null }
  window.__review = state
  const rows = () => [...document.querySelectorAll('ol[aria-label="Suggested products"] > li')]
  const title = () => document.getElementById('review-video-title')?.textContent ?? ''
  const signature = () =>
    rows()
      .map((row) => {
        const pressed = row.querySelector('button[aria-pressed="true"]')?.textContent ?? '-'
        return `${row.dataset.active ? '*' : ''}${pressed}`
      })
      .join('|')
  addEventListener(
    'keydown',
    (event) => {
      if (state.armed && state.armed.keyAt === null) {
        state.armed.keyAt = event.timeStamp
        state.armed.handledAt = performance.now()
      }
    },
    true,
  )
  const check = () => {
    const armed = state.armed
    if (!armed || armed.keyAt === null) return
    const shown = rows()
    if (armed.kind === 'advance') {
      if (title() === armed.title || !shown.some((row) => row.dataset.active)) return
    } else if (signature() === armed.signature) return
    state.armed = null
    const changedAt = performance.now()
    requestAnimationFrame(() =>
      armed.resolve({
        keyAt: armed.keyAt,
        handledAt: armed.handledAt,
        changedAt,
        doneAt: performance.now(),
        rows: shown.length,
      }),
    )
  }
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['data-active', 'aria-pressed'],
  })
  // arm() is awaited before the key is pressed (so the key cannot come first); wait() gives the
  // outcome.
  state.arm = (kind) => {
    state.pending = new Promise((resolve) => {
      state.armed = { kind, keyAt: null, title: title(), signature: signature(), resolve }
      setTimeout(() => {
        if (state.armed?.resolve !== resolve) return
        state.armed = null
        resolve({ keyAt: null, doneAt: null, rows: rows().length })
      }, 5000)
    })
  }
  state.wait = () => state.pending
  state.suggestions = () => rows().length
  // Starts matching jobs on the first channel's unmatched videos until `target` videos wait for
  // review, and waits for the jobs; returns the queue's length.
  state.fillQueue = async (target) => {
    const json = (path, init) => fetch(path, init).then((response) => response.json())
    const { channels } = await json('/api/v1/channels')
    const base = `/api/v1/videos?channel_id=${channels[0].id}`
    const queue = () =>
      json(`${base}&has_pending_matches=true&page_size=1`).then(
        (list) => list.pagination.total_entries,
      )
    const have = await queue()
    if (have >= target) return have
    const others = await json(`${base}&status=approved&has_pending_matches=false&page_size=100`)
    let started = 0
    for (const video of others.videos) {
      if (started >= target - have + 5) break
      const list = await json(`/api/v1/videos/${video.id}/product_matches`)
      if (list.status !== 'none') continue
      await fetch(`/api/v1/videos/${video.id}/product_matches`, {
        method: 'POST',
        headers: { 'x-dashboard-request': '1' },
      })
      started++
    }
    for (let attempt = 0; attempt < 300; attempt++) {
      const count = await queue()
      if (count >= target) return count
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    return queue()
  }
})()
