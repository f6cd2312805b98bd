import { afterEach } from 'vitest'
import { settlePageErrors } from './app.ts'

// Runs after every end-to-end test: an error the page logged that the test did not declare with
// app.expectConsoleError fails it, with the messages.
afterEach(() => {
  const problems = settlePageErrors()
  if (problems.length > 0)
    throw new Error(
      `The page logged errors this test did not declare:\n${problems.map((problem) => `  ${problem}`).join('\n')}`,
    )
})
