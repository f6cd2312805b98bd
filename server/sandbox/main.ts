import { optionsFromEnv } from './config.ts'
import { startSandbox } from './start.ts'

const sandbox = await startSandbox(optionsFromEnv(process.env))
console.log(`Sandbox service listening at ${sandbox.url}`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    sandbox.close().then(() => process.exit(0))
  })
}
