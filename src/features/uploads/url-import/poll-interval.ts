// The service recommends polling an import every 5 to 10 seconds (document 1, section 4.4).
export const IMPORT_POLL_MS = 5000

// Tests (and only tests) poll faster, so a sandbox running at a hundred times speed is not
// waited on for seconds.
export const IMPORT_POLL_STORAGE_KEY = 'uploads:import-poll-ms'

export function importPollMs(): number {
  try {
    const value = Number(window.localStorage.getItem(IMPORT_POLL_STORAGE_KEY))
    return Number.isSafeInteger(value) && value > 0 ? value : IMPORT_POLL_MS
  } catch {
    return IMPORT_POLL_MS
  }
}
