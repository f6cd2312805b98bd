/**
 * Where a visitor may be sent after sign-in, as `next` or `redirect` says, and where they end up:
 * attempts to leave the site (or to confuse a browser or a later hop into leaving it) fall back.
 * Shared by the server's and the app's tests, as the rule is shared.
 */
export const redirectCorpus: ReadonlyArray<{ target: string; expected: 'fallback' | string }> = [
  { target: '//x', expected: 'fallback' },
  { target: '/\\x', expected: 'fallback' },
  { target: '/%09/x', expected: 'fallback' },
  // Browsers drop a tab from an address: `/\t/x` would become `//x`.
  { target: '/\t/x', expected: 'fallback' },
  { target: '/\n/x', expected: 'fallback' },
  { target: '/%0a/x', expected: 'fallback' },
  { target: '/%00/x', expected: 'fallback' },
  { target: '/x\u007f', expected: 'fallback' },
  { target: 'https://x', expected: 'fallback' },
  { target: '/%2F%2Fx', expected: 'fallback' },
  { target: '/%5Cx', expected: 'fallback' },
  { target: 'javascript:alert(1)', expected: 'fallback' },
  { target: '/\\/x', expected: 'fallback' },
  { target: ' /x', expected: 'fallback' },
  // The path resolves to `//x`, an address on another site.
  { target: '/..//x', expected: 'fallback' },
  { target: '/x', expected: '/x' },
  { target: '/videos?q=a#b', expected: '/videos?q=a#b' },
  { target: '/playlists?channel=main', expected: '/playlists?channel=main' },
]
