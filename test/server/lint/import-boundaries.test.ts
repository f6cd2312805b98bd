import { execFile } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../../..')
const biome = join(root, 'node_modules/.bin/biome')

// Each source as it would sit in the project (its path decides which boundary applies).
const sources: Record<string, string> = {
  'src/features/videos/library/cross-feature.ts': "import { a } from '@/features/uploads/queries'",
  'src/features/uploads/through-features.ts': "import { a } from '../../features/videos/queries'",
  'src/features/playlists/editor/new-feature.ts': "import { a } from '@/features/stores/queries'",
  'src/features/videos/video-page/posters/climbs-out.ts': "import { a } from '../../../stores/x'",
  'src/components/ui/uses-feature.tsx': "import { a } from '@/features/videos/queries'",
  'src/lib/uses-feature.ts': "import { a } from '../features/uploads/queries'",
  'src/api/queries/uses-component.ts': "import { a } from '@/components/ui/button'",
  'src/api/queries/uses-lib.ts': "import { a } from '@/lib/format'",
  'src/routes/admin/climbs.tsx': "import { a } from '../../lib/format'",
  'bench/ui/uses-feature.ts': "import { a } from '@/features/videos/library/library-search.ts'",
  'bench/ui/uses-lib.ts': "import { a } from '@/lib/upload-parts.ts'",
  'src/features/videos/video-page/lifecycle/same-feature.ts': [
    "import { a } from '../../lifecycle'",
    "import { b } from '../edit/form-schema'",
    "import { c } from './schedule-form'",
  ].join('\n'),
  'src/features/videos/library/shared-parts.ts': [
    "import { a } from '@/components/ui/button'",
    "import { b } from '@/lib/format'",
    "import { c } from '@/api/queries/stores'",
  ].join('\n'),
  'src/routes/uses-feature.tsx': "import { a } from '@/features/uploads/uploads-screen'",
  'server/dashboard/auth/uses-lib.ts': "import { a } from '../../../src/lib/format.ts'",
  'server/dashboard/uses-feature.ts': "import { a } from '../../src/features/videos/queries.ts'",
  'server/dashboard/auth/through-alias.ts': "import { a } from '@/api/roles.ts'",
  'server/dashboard/auth/uses-api.ts': "import { a } from '../../../src/api/roles.ts'",
}

interface Diagnostic {
  category: string
  message: string
  location: { path: string }
}

let refusals: Map<string, string[]>
let dir: string

// Biome runs on copies of these sources in a scratch folder laid out like the project, with the
// project's own biome.json (its stdin mode prints no diagnostics).
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'import-boundaries-'))
  copyFileSync(join(root, 'biome.json'), join(dir, 'biome.json'))
  for (const [path, imports] of Object.entries(sources)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), `${imports}\n\nexport const used = [a]\n`)
  }
  const { stdout } = await promisify(execFile)(
    biome,
    [
      'lint',
      '--reporter=json',
      '--vcs-enabled=false',
      '--only=style/noRestrictedImports',
      'src',
      'server',
      'bench',
    ],
    { cwd: dir },
  ).catch((error: { stdout: string }) => error)
  const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { diagnostics: Diagnostic[] }
  refusals = new Map()
  for (const diagnostic of report.diagnostics) {
    expect(diagnostic.category).toBe('lint/style/noRestrictedImports')
    const path = diagnostic.location.path.replaceAll('\\', '/')
    refusals.set(path, [...(refusals.get(path) ?? []), diagnostic.message])
  }
}, 30_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const featureMessage = /A feature does not import another feature/

it('refuses a feature importing another feature, through @/, features/ or by climbing out', () => {
  for (const path of [
    'src/features/videos/library/cross-feature.ts',
    'src/features/uploads/through-features.ts',
    'src/features/videos/video-page/posters/climbs-out.ts',
  ]) {
    expect(refusals.get(path)).toEqual([expect.stringMatching(featureMessage)])
  }
})

it('applies to a new feature with no change to the configuration', () => {
  expect(refusals.get('src/features/playlists/editor/new-feature.ts')).toEqual([
    expect.stringMatching(featureMessage),
  ])
})

it('refuses components and lib importing a feature, and api importing a component', () => {
  expect(refusals.get('src/components/ui/uses-feature.tsx')).toEqual([
    expect.stringMatching(/src\/components\/ and src\/lib\/ import no feature/),
  ])
  expect(refusals.get('src/lib/uses-feature.ts')).toEqual([
    expect.stringMatching(/src\/components\/ and src\/lib\/ import no feature/),
  ])
  for (const path of ['src/api/queries/uses-component.ts', 'src/api/queries/uses-lib.ts']) {
    expect(refusals.get(path)).toEqual([expect.stringMatching(/src\/api\/ imports no feature/)])
  }
})

it("refuses climbing folders where @/ reaches, and a benchmark using a feature's internals", () => {
  expect(refusals.get('src/routes/admin/climbs.tsx')).toEqual([
    expect.stringMatching(/through @\//),
  ])
  expect(refusals.get('bench/ui/uses-feature.ts')).toEqual([
    expect.stringMatching(/not a feature's internals/),
  ])
  expect(refusals.get('bench/ui/uses-lib.ts')).toBeUndefined()
})

it('lets a feature import itself, components, lib and api, and routes import features', () => {
  expect(refusals.get('src/features/videos/video-page/lifecycle/same-feature.ts')).toBeUndefined()
  expect(refusals.get('src/features/videos/library/shared-parts.ts')).toBeUndefined()
  expect(refusals.get('src/routes/uses-feature.tsx')).toBeUndefined()
  expect(refusals.size).toBe(13)
})

it('lets the Node side import from src/ only src/api/', () => {
  const serverMessage = /The Node side imports from src\/ only src\/api\//
  expect(refusals.get('server/dashboard/auth/uses-lib.ts')).toEqual([
    expect.stringMatching(serverMessage),
  ])
  expect(refusals.get('server/dashboard/uses-feature.ts')).toEqual([
    expect.stringMatching(serverMessage),
  ])
  expect(refusals.get('server/dashboard/auth/through-alias.ts')).toEqual([
    expect.stringMatching(serverMessage),
  ])
  expect(refusals.get('server/dashboard/auth/uses-api.ts')).toBeUndefined()
})
