import { defineConfig } from '@hey-api/openapi-ts'

// One generator run produces the types, the typed fetch client and the zod schemas that the app,
// the dashboard server and the sandbox all share. Nothing under src/api/generated is edited by hand.
export default defineConfig({
  input: './openapi/service.yaml',
  output: { path: 'src/api/generated', postProcess: ['biome:format'] },
  plugins: [
    '@hey-api/client-fetch',
    { name: '@hey-api/typescript', enums: 'javascript' },
    { name: 'zod', metadata: false },
    { name: '@hey-api/sdk', validator: false },
  ],
})
