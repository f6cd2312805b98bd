import { themeCookie } from '@/api/server-render'
import { rememberInCookie, setCookie } from './cookies'

export type ThemeChoice = 'system' | 'light' | 'dark'

export const themeChoices: readonly ThemeChoice[] = ['system', 'light', 'dark']

// Kept on this device, read once as the page starts; mirrored in a cookie for the server, which
// renders the library with the chosen theme's class already on <html> (its script runs after the
// first paint there).
const storageKey = 'theme'
const systemDark = () => window.matchMedia('(prefers-color-scheme: dark)')

export function storedTheme(): ThemeChoice {
  try {
    const stored = localStorage.getItem(storageKey)
    return stored === 'light' || stored === 'dark' ? stored : 'system'
  } catch {
    return 'system'
  }
}

const cookieOf = (choice: ThemeChoice) => (choice === 'system' ? null : choice)

function apply(choice: ThemeChoice) {
  const dark = choice === 'dark' || (choice === 'system' && systemDark().matches)
  document.documentElement.classList.toggle('dark', dark)
  document.documentElement.classList.toggle('light', !dark)
}

/**
 * Applies the remembered theme, and keeps following the system while the choice is "system".
 * Called at the top of main.tsx, before the first render (the server's Content-Security-Policy
 * allows no inline script in the page; the stylesheet's media query covers the moment before).
 */
export function startTheme() {
  const choice = storedTheme()
  apply(choice)
  systemDark().addEventListener('change', () => apply(storedTheme()))
  // A choice made before the cookie existed, or on a page that was closed before it was written.
  rememberInCookie(themeCookie, cookieOf(choice))
}

export function chooseTheme(choice: ThemeChoice) {
  try {
    if (choice === 'system') localStorage.removeItem(storageKey)
    else localStorage.setItem(storageKey, choice)
  } catch {
    // Storage refused (a private window's quota): the choice holds for this page only.
  }
  setCookie(themeCookie, cookieOf(choice))
  apply(choice)
}
