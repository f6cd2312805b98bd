// Imported by a benchmark's server process: it answers the benchmark's request
// for Lighthouse's CPU index over the IPC channel, so the index is measured in the process that
// does the timed work (host-index.ts, serverIndex).
import { nodeIndex } from './host-index.ts'

process.on('message', (message: unknown) => {
  if (typeof message !== 'object' || message === null || !('benchHostIndex' in message)) return
  const id = message.benchHostIndex
  nodeIndex().then((value) => process.send?.({ benchHostIndex: id, value }))
})
