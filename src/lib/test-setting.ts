// A positive whole number the end-to-end tests (and only they) store in localStorage to shorten
// a wait or lower a limit; undefined when unset or unreadable. Each key is listed in the README.
export function testSetting(key: string): number | undefined {
  try {
    const value = Number(window.localStorage.getItem(key))
    return Number.isSafeInteger(value) && value > 0 ? value : undefined
  } catch {
    return undefined
  }
}
