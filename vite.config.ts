import { constants } from 'node:zlib'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'

export const srcAlias = { '@/': `${import.meta.dirname}/src/` }

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    // Must come before the React plugin: it generates the route tree and splits each route's
    // component into its own chunk, so a screen's code loads only when it is visited.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    // The browser's files, each with its .br and .gz beside it at the highest levels, which the
    // server sends as they are: made on a first request, a screen's chunks took seconds
    // (decision 0031). Source maps are left to the server: only developer tools ask for them.
    ...(isSsrBuild
      ? []
      : [
          compression({
            include: /\.(js|css|html|svg|webmanifest|json|txt)$/,
            threshold: 1024,
            algorithms: [
              defineAlgorithm('brotliCompress', {
                params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
              }),
              defineAlgorithm('gzip', { level: 9 }),
            ],
            logLevel: 'silent',
          }),
        ]),
  ],
  resolve: { alias: srcAlias },
  // The server render (`vite build --ssr src/entry-server.tsx`) is one self-contained file, built
  // for production like the client whatever NODE_ENV the server runs with: React's development
  // build renders several times slower.
  ssr: { noExternal: true },
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: {
    outDir: 'dist',
    // The server's build needs no favicon or manifest: the browser's build serves them.
    copyPublicDir: !isSsrBuild,
    sourcemap: true,
    // Every browser the dashboard supports preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Building a zod schema has no side effect, but the bundler cannot know it: without this it
      // kept and ran every schema of the generated contract (src/api/generated/zod.gen.ts) that no
      // screen reads, in the click that first opened a screen using any of them.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [
            // Everything the first screen runs, in one file, rather than the dozen small shared
            // chunks the bundler would otherwise cut it into: each is a request before first paint.
            { name: 'start', tags: ['$initial'] },
          ],
        },
      },
    },
  },
}))
