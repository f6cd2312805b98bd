import { afterEach, describe, expect, it, vi } from 'vitest'
import { chooseTheme, startTheme, storedTheme } from '@/lib/theme'

const root = document.documentElement

function systemPrefersDark(dark: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: dark && query === '(prefers-color-scheme: dark)',
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  )
}

afterEach(() => {
  vi.restoreAllMocks()
  localStorage.clear()
  chooseTheme('system')
  root.className = ''
})

describe('theme', () => {
  it('follows the system until one is chosen', () => {
    systemPrefersDark(true)
    startTheme()
    expect(storedTheme()).toBe('system')
    expect(root.classList.contains('dark')).toBe(true)
    chooseTheme('light')
    expect(root.classList.contains('dark')).toBe(false)
    expect(root.classList.contains('light')).toBe(true)
  })

  it('remembers the choice, and forgets it when the system is chosen again', () => {
    systemPrefersDark(false)
    chooseTheme('dark')
    expect(storedTheme()).toBe('dark')
    // In a cookie, so the server renders the page in it too.
    expect(document.cookie).toContain('theme=dark')
    root.className = ''
    startTheme()
    expect(root.classList.contains('dark')).toBe(true)
    chooseTheme('system')
    expect(storedTheme()).toBe('system')
    expect(root.classList.contains('dark')).toBe(false)
  })

  it('mirrors a choice made before the cookie into it once the page is idle, for the server', async () => {
    systemPrefersDark(false)
    localStorage.setItem('theme', 'dark')
    startTheme()
    expect(root.classList.contains('dark')).toBe(true)
    await vi.waitFor(() => expect(document.cookie).toContain('theme=dark'))
  })
})
