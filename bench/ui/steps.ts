/**
 * A benchmark's progress lines (`[ 12 s] message`), and its clean-up run when it is interrupted
 * (Ctrl-C, a CI timeout) as well as when it ends.
 */
export function benchSteps(cleanup: () => Promise<void>) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      cleanup().finally(() => process.exit(130))
    })
  const started = performance.now()
  return (message: string) =>
    console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${message}`)
}
