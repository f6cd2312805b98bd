import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { srcAlias } from './vite.config.ts'

// Node 25 and later define a global localStorage (undefined without --localstorage-file) that
// vitest 4 will not replace with happy-dom's, so component tests would see no storage. Switched
// off where Node knows the flag (22.4 and later); Node 20 refuses it.
const noNodeWebStorage = process.allowedNodeEnvironmentFlags.has('--no-experimental-webstorage')
  ? ['--no-experimental-webstorage']
  : []

export default defineConfig({
  test: {
    globalSetup: ['test/support/print-node-version.ts'],
    // Vitest's default leaves one of two cores idle; most server and component files wait on
    // sockets and timers more than they compute, so two run at once (the e2e files still one by
    // one, below).
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias: srcAlias },
        test: {
          name: 'server',
          include: ['test/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: srcAlias },
        test: {
          name: 'component',
          include: ['test/component/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          execArgv: noNodeWebStorage,
          environmentOptions: { happyDOM: { url: 'http://localhost:5173/' } },
          setupFiles: ['test/component/setup.ts'],
        },
      },
      {
        resolve: { alias: srcAlias },
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/e2e/support/setup.ts'],
          // Each file starts its own dashboard, sandbox and Chromium; two cores run them one by one
          // (two at once took as long: each file's pages and servers keep a core busy).
          fileParallelism: false,
          // One worker runs every file, importing the dashboard's modules once rather than once a
          // file (about 3 s each). Files share no state but those modules: each starts and closes
          // its own servers and browser, and none mocks a module or the environment.
          isolate: false,
          // Vitest runs a project of another worker count in a group of its own, after the others.
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
