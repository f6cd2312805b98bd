import { readCookie, removeCookie, writeCookie } from './cookies'

export type ThemeChoice = 'system' | 'light' | 'dark'

export const themeChoices: readonly ThemeChoice[] = ['system', 'light', 'dark']

// A cookie rather than this device's storage: the server renders the library with the chosen
// theme's class already on <html>, since its script now runs after the first paint.
const cookieName = 'theme'
const legacyStorageKey = 'theme'
const systemDark = () => window.matchMedia('(prefers-color-scheme: dark)')
const isChoice = (value: string | null): value is 'light' | 'dark' =>
  value === 'light' || value === 'dark'

export function storedTheme(): ThemeChoice {
  const chosen = readCookie(cookieName)
  if (isChoice(chosen)) return chosen
  try {
    // A choice made before the cookie: moved to it once.
    const legacy = localStorage.getItem(legacyStorageKey)
    localStorage.removeItem(legacyStorageKey)
    if (isChoice(legacy)) {
      writeCookie(cookieName, legacy)
      return legacy
    }
  } catch {
    // No storage here (a server render, a private window): nothing to move.
  }
  return 'system'
}

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
  apply(storedTheme())
  systemDark().addEventListener('change', () => apply(storedTheme()))
}

export function chooseTheme(choice: ThemeChoice) {
  if (choice === 'system') removeCookie(cookieName)
  else writeCookie(cookieName, choice)
  apply(choice)
}
