import { createLogger } from './logger.ts'

// Imported first by the process (serve-process.ts), before the modules that may warn as they
// load (the AWS SDK about Node's version, say): off a terminal, Node's warnings become JSON log
// lines instead of text on stderr. On a terminal, Node prints them as usual.
if (!process.stdout.isTTY) {
  const log = createLogger({ level: 'warn' })
  process.removeAllListeners('warning')
  process.on('warning', (warning) =>
    log.warn({ warning: { name: warning.name, message: warning.message } }, 'a Node.js warning'),
  )
}
