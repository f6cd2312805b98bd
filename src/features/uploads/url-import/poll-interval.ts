import { testSetting } from '@/lib/test-setting'

// The service recommends polling an import every 5 to 10 seconds (document 1, section 4.4).
export const IMPORT_POLL_MS = 5000

// Tests (and only tests) poll faster, so a sandbox running at a hundred times speed is not
// waited on for seconds.
export const IMPORT_POLL_STORAGE_KEY = 'uploads:import-poll-ms'

export const importPollMs = () => testSetting(IMPORT_POLL_STORAGE_KEY) ?? IMPORT_POLL_MS
