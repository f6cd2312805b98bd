import { AsyncLocalStorage } from 'node:async_hooks'
import pino, { type Logger } from 'pino'

export type { Logger }

export const logLevels = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const
export type LogLevel = (typeof logLevels)[number]

export const isLogLevel = (value: string): value is LogLevel =>
  (logLevels as readonly string[]).includes(value)

/** What every line logged while serving one request carries. */
export interface RequestScope {
  reqId: string
}

export const requestScope = new AsyncLocalStorage<RequestScope>()

// Nothing logs headers or bodies; should a value ever be passed under one of these names (at the
// top, or as a request's or response's headers), it is replaced rather than shipped to log
// aggregation. Paths are named one by one: wildcards cost ten times as much on every line.
const secretFields = [
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'clientSecret',
  'client_secret',
  'secret',
  'signature',
  'service-webhooks-signature',
]
const secretHeaders = ['authorization', 'cookie', 'set-cookie', 'service-webhooks-signature']
const key = (name: string) => (/^\w+$/.test(name) ? name : `["${name}"]`)
const member = (name: string) => (/^\w+$/.test(name) ? `.${name}` : key(name))
const redactPaths = [
  ...secretFields.map(key),
  ...['headers', 'req.headers', 'res.headers'].flatMap((owner) =>
    secretHeaders.map((name) => `${owner}${member(name)}`),
  ),
]

export interface LoggerOptions {
  level: LogLevel
  /** Receives each line, one JSON object without its newline; default stdout. */
  write?: (line: string) => void
}

/**
 * The dashboard's log: one JSON object a line (pino), with the request's id on every line logged
 * while serving a request, however deep the module that logs it.
 */
export function createLogger(options: LoggerOptions): Logger {
  const write = options.write
  const destination = write
    ? { write: (line: string) => write(line.endsWith('\n') ? line.slice(0, -1) : line) }
    : pino.destination({ dest: 1, sync: true })
  return pino(
    {
      level: options.level,
      redact: { paths: redactPaths, censor: '[redacted]' },
      mixin: () => ({ ...requestScope.getStore() }),
    },
    destination,
  )
}

export type LogFields = Record<string, unknown>
/** How modules not yet given the logger itself report what went wrong: a warning, in words. */
export type Log = (message: string, fields?: LogFields) => void

export const warningLog =
  (logger: Logger): Log =>
  (message, fields) =>
    logger.warn(fields ?? {}, message)
