import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createLogger } from './logger.ts'

/** Where the process prints: its stdout. */
export interface ProcessStream {
  isTTY?: boolean
  write(text: string): unknown
}

const levelNames: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
}

/** One JSON log line as a person at a terminal reads it: time, level, message, its fields. */
export function readableLogLine(line: string): string {
  let entry: Record<string, unknown>
  try {
    entry = JSON.parse(line)
  } catch {
    return line
  }
  const { level, time, msg, pid: _pid, hostname: _hostname, ...fields } = entry
  const clock = typeof time === 'number' ? new Date(time).toTimeString().slice(0, 8) : ''
  const name = (levelNames[level as number] ?? String(level)).padEnd(5)
  const { err, ...rest } = fields as { err?: { message?: unknown; stack?: unknown } }
  const pairs = Object.entries(rest).map(
    ([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`,
  )
  if (err) pairs.push(`err=${String(err.message ?? JSON.stringify(err))}`)
  const stack = err?.stack
  const text = [clock, name, typeof msg === 'string' ? msg : '', ...pairs].filter(Boolean).join(' ')
  return typeof stack === 'string' ? `${text}\n${stack}` : text
}

export interface FirstAdmin {
  email: string
  password: string
}

/**
 * What the dashboard's process prints. On a terminal, for the person who started it: log lines
 * made readable, its addresses and the demo admin's password as text. Anywhere else (a container,
 * a service manager, a pipe to a log shipper) only JSON log lines, addresses as fields; the demo
 * password would then be kept by every log store it reaches, so it goes to a file in
 * `passwordDir` that only this user can read, and the log says where.
 */
export function processOutput(stream: ProcessStream, passwordDir: string) {
  const terminal = Boolean(stream.isTTY)
  const print = (line: string) => stream.write(`${terminal ? readableLogLine(line) : line}\n`)
  // The process's own lines, whatever LOG_LEVEL: they say where the dashboard is.
  const own = createLogger({ level: 'info', write: print })

  return {
    terminal,
    /** Each line of the dashboard's logger (DashboardOptions.log). */
    log: print,

    listening(url: string, service: { url: string; sandbox: boolean }) {
      if (!terminal)
        return own.info(
          { url, serviceUrl: service.url, sandbox: service.sandbox },
          'the dashboard is serving',
        )
      stream.write(`Dashboard: ${url}\n`)
      stream.write(`${service.sandbox ? 'Sandbox service' : 'Video service'}: ${service.url}\n`)
    },

    /** DashboardOptions.announce. */
    announce(text: string, firstAdmin?: FirstAdmin) {
      if (terminal) return stream.write(`${text}\n`)
      if (!firstAdmin) return own.info(text)
      const passwordFile = join(passwordDir, 'demo-admin-password')
      mkdirSync(passwordDir, { recursive: true })
      writeFileSync(passwordFile, `${firstAdmin.password}\n`, { mode: 0o600 })
      // An older file keeps its mode through writeFile.
      chmodSync(passwordFile, 0o600)
      own.info(
        { email: firstAdmin.email, passwordFile },
        'created the first account, an admin: its password is in passwordFile, readable by this user only, and in no log',
      )
    },

    /** Why the process cannot go on (it exits next): `error` too when unforeseen. */
    fatal(message: string, error?: unknown) {
      if (terminal) console.error(error ?? message)
      else own.fatal(error === undefined ? {} : { err: error }, message)
    },
  }
}
