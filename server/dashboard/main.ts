import { serveProcess } from './ops/serve-process.ts'

await serveProcess(process.env, process.argv.slice(2))
