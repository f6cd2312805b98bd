// Installed by `npm run bench:review` as an init script, before the app's scripts. `arm(kind)`,
// then `wait()`, give the time from the next keydown to the first frame that shows its effect:
// for 'decision', the suggestions' states or the one in front of the reviewer changed; for
// 'advance', another video's suggestions are shown with one of them in front. The outcome also
// says when the page began handling the key and when the page had changed, which splits the time
// into the wait for the page, its work and the wait for the next frame. `shown()` is what the
// scripted reviewer reads of the screen. Plain browser JavaScript.
;(() => {
  if (window.__review || window.top !== window) return
  const state = { armed: null }
  window.__review = state
  const rows = () => [...document.querySelectorAll('ol[aria-label="Suggested products"] > li')]
  // The video in front of the reviewer: its page link names it (two videos may share a title).
  const videoShown = () =>
    document
      .querySelector('section[aria-labelledby="review-video-title"] a')
      ?.getAttribute('href') ?? ''
  const signature = () =>
    rows()
      .map((row) => {
        const pressed = row.querySelector('button[aria-pressed="true"]')?.textContent ?? '-'
        return `${row.dataset.active ? '*' : ''}${row.dataset.premarked ? '~' : ''}${pressed}`
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
      if (videoShown() === armed.video || !shown.some((row) => row.dataset.active)) return
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
    attributeFilter: ['data-active', 'data-premarked', 'aria-pressed'],
  })
  // arm() is awaited before the key is pressed (so the key cannot come first); wait() gives the
  // outcome. It resolves once the page is idle, as a person's next key finds it: they read what
  // the last one did before pressing another (decision 0039), and then `phaseMs` later: a
  // person's key comes at any moment of a display frame, where the idle point is always just
  // after one (decision 0040).
  state.arm = (kind, phaseMs = 0) =>
    new Promise((idle) => requestIdleCallback(idle, { timeout: 1000 }))
      .then(() => new Promise((later) => setTimeout(later, phaseMs)))
      .then(() => {
        state.pending = new Promise((resolve) => {
          state.armed = { kind, keyAt: null, video: videoShown(), signature: signature(), resolve }
          setTimeout(() => {
            if (state.armed?.resolve !== resolve) return
            state.armed = null
            resolve({ keyAt: null, doneAt: null, rows: rows().length })
          }, 5000)
        })
      })
  state.wait = () => state.pending
  state.suggestions = () => rows().length
  // What the reviewer sees: the video (from its page link), each suggestion's score and state,
  // and whether the queue is empty; `ready` once a row holds the keyboard focus.
  state.shown = () => {
    const link = document.querySelector('section[aria-labelledby="review-video-title"] a')
    const videoId = link ? decodeURIComponent(link.pathname.split('/').pop() ?? '') : null
    const active = document.activeElement
    return {
      videoId,
      empty: !link && !!document.body.textContent?.includes('Nothing to review'),
      ready: rows().some((row) => row.dataset.active && row.contains(active)),
      rows: rows().map((row) => {
        const label = row.querySelector('button[aria-label^="Accept "]')?.getAttribute('aria-label')
        const score = [...(label ?? '').matchAll(/, score (\d+)/g)].pop()
        return {
          score: score ? Number(score[1]) : null,
          active: !!row.dataset.active,
          pressed: row.querySelector('button[aria-pressed="true"]')?.textContent ?? null,
        }
      }),
    }
  }
})()
