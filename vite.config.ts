import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export const srcAlias = { '@/': `${import.meta.dirname}/src/` }

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    // Must come before the React plugin: it generates the route tree and splits each route's
    // component into its own chunk, so a screen's code loads only when it is visited.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
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
