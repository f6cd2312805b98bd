import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { expect, it } from 'vitest'

// Biome matches import text, not where it leads: it refuses @/features/ and climbing three folders,
// but one or two `../` from a shallow file can still step into a sibling feature. This reads every
// feature file's relative imports and resolves them.
const root = join(import.meta.dirname, '../../..')
const features = join(root, 'src/features')

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourcesUnder(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

it('resolves every relative import of a feature inside that feature', () => {
  const escapes: string[] = []
  for (const file of sourcesUnder(features)) {
    const feature = relative(features, file).split('/')[0]
    const text = readFileSync(file, 'utf8')
    for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']*)'/g)) {
      const target = relative(features, resolve(dirname(file), specifier ?? ''))
      if (target.split('/')[0] !== feature) escapes.push(`${relative(root, file)} → ${specifier}`)
    }
  }
  expect(sourcesUnder(features).length).toBeGreaterThan(100)
  expect(escapes).toEqual([])
})
