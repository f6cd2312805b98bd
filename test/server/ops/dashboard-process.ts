// `npm start`'s process (server/dashboard/main.ts) serving the build a test made: main.ts serves
// <repo>/dist, which tests do not build.
import { serveProcess } from '../../../server/dashboard/ops/serve-process.ts'

await serveProcess(process.env, process.argv.slice(2), {
  ...(process.env.TEST_DIST_DIR ? { distDir: process.env.TEST_DIST_DIR } : {}),
})
