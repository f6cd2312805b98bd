export type ThemeChoice = 'system' | 'light' | 'dark'

export const themeChoices: readonly ThemeChoice[] = ['system', 'light', 'dark']

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
  try {
    if (choice === 'system') localStorage.removeItem(storageKey)
    else localStorage.setItem(storageKey, choice)
  } catch {
    // Storage refused (a private window's quota): the choice holds for this page only.
  }
  apply(choice)
}
