import { spawn } from 'node:child_process'
import { connect } from 'node:net'
import { freePort } from './free-port.ts'

/**
 * A real Redis (Debian's redis-server) on a free loopback port, nothing saved to disk; on `port`
 * when given (a Redis that comes back after an outage).
 */
export async function startRedisServer(port?: number) {
  port ??= await freePort()
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  )
  const exited = new Promise<never>((_, reject) => {
    child.once('error', (error) =>
      reject(new Error(`redis-server could not start (apt-get install redis-server): ${error}`)),
    )
  })
  const url = `redis://127.0.0.1:${port}`
  await Promise.race([answersPing(port), exited])
  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill()
      await new Promise((resolve) => child.once('exit', resolve))
    },
  }
}

// Ready once it answers PING (it listens a moment after it starts).
async function answersPing(port: number) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => socket.write('PING\r\n'))
      socket.once('data', (data) => {
        socket.destroy()
        resolve(data.toString())
      })
      socket.once('error', () => resolve(''))
    })
    if (answer.startsWith('+PONG')) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error('redis-server did not answer PING within 5 s')
}
