import { type ChildProcess, spawn } from 'node:child_process'
import { afterEach, expect, it } from 'vitest'
import { serverIndex } from '../../../bench/reference/host-index.ts'

// A server's timings are referred by the index of the server's own process, asked over IPC.
const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
})

const start = (stdio: Array<'ignore' | 'ipc'>) => {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      './bench/reference/index-responder.ts',
      '-e',
      'setInterval(() => {}, 1000)',
    ],
    { stdio: stdio as ['ignore', 'ignore', 'ignore', 'ipc'] },
  )
  children.push(child)
  return child
}

it("measures Lighthouse's index in the server's process", async () => {
  const index = await serverIndex(start(['ignore', 'ignore', 'ignore', 'ipc']))
  expect(index).toBeGreaterThan(0)
})

it('says so when the server has no channel to ask over', async () => {
  await expect(serverIndex(start(['ignore', 'ignore', 'ignore']))).rejects.toThrow(/no IPC channel/)
})
