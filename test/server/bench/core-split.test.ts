import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { cpuList, onCpus, splitCores } from '../../../bench/reference/cores.ts'

// bench:live times the server on a core of its own, the browser and the rest on the others: a
// split that silently left them sharing would time the wait for a core again.
const allowedCpus = (pid: number | 'self') =>
  cpuList(/Cpus_allowed_list:\s*(\S+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? '')

it('reads the kernel’s CPU lists, ranges and single CPUs alike', () => {
  expect(cpuList('0-3,6,8-9\n')).toEqual([0, 1, 2, 3, 6, 8, 9])
  expect(cpuList('1')).toEqual([1])
  expect(() => cpuList('x')).toThrow(/not a CPU list/)
})

it('gives the server the first CPU this process may use and the others the rest', () => {
  const allowed = allowedCpus('self')
  const split = splitCores()
  if (allowed.length < 2) expect(split).toBeNull()
  else
    expect(split).toEqual({
      server: String(allowed[0]),
      others: allowed.slice(1).join(','),
    })
})

it('starts a server process on the CPUs it is given', async () => {
  const first = allowedCpus('self')[0] ?? 0
  const [command, args] = onCpus(String(first), ['-e', 'setTimeout(() => {}, 10_000)'])
  const child = spawn(command, args, { stdio: 'ignore' })
  try {
    await new Promise((resolve) => child.once('spawn', resolve))
    // taskset execs node in the same process: once it has, the process runs node on that CPU.
    await expect
      .poll(() => readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').startsWith('taskset'))
      .toBe(false)
    expect(allowedCpus(child.pid ?? 0)).toEqual([first])
  } finally {
    child.kill()
  }
})
