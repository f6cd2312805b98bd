import { describe, expect, it } from 'vitest'
import { localPath } from '@/api/local-path'
import { redirectCorpus } from '../../support/redirect-corpus'

const origin = 'https://videos.example.com'

describe('localPath, the one rule for where a sign-in may send the browser', () => {
  it.each(redirectCorpus)('$target', ({ target, expected }) => {
    expect(localPath(target, origin)).toBe(expected === 'fallback' ? '/' : expected)
    expect(localPath(target, origin, '/videos')).toBe(
      expected === 'fallback' ? '/videos' : expected,
    )
  })

  it('falls back for anything but a string, a malformed escape and an address too long', () => {
    for (const target of [undefined, null, 42, ['/x'], { href: '/x' }])
      expect(localPath(target, origin)).toBe('/')
    expect(localPath('/100%', origin)).toBe('/')
    expect(localPath(`/${'a'.repeat(2000)}`, origin)).toBe('/')
  })

  it('gives the path as a browser resolves it: dot segments gone, other characters escaped', () => {
    expect(localPath('/videos/../playlists', origin)).toBe('/playlists')
    expect(localPath('/vidéos?q=été', origin)).toBe('/vid%C3%A9os?q=%C3%A9t%C3%A9')
    expect(localPath('/videos?q=%2F%2Fx', origin)).toBe('/videos?q=%2F%2Fx')
  })

  it('takes only a path, even one naming this site in full', () => {
    const here = 'http://127.0.0.1:5173'
    expect(localPath('/x', here)).toBe('/x')
    expect(localPath('//127.0.0.1:5173/x', here)).toBe('/')
    expect(localPath('http://127.0.0.1:5173/x', here)).toBe('/')
  })
})
