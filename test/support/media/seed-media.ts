import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const SEED_MEDIA_DIR = fileURLToPath(
  new URL('../../../server/sandbox/seed/media/', import.meta.url),
)
export const IMAGE_FIXTURES_DIR = fileURLToPath(new URL('./fixtures/', import.meta.url))

export interface SeedMediaEntry {
  file: string
  kind: 'video' | 'thumbnail' | 'poster' | 'subtitles'
  format: string
  bytes: number
  sha256: string
  durationSeconds: number | null
  width: number | null
  height: number | null
}

export function seedMediaEntries(kind?: SeedMediaEntry['kind']): SeedMediaEntry[] {
  const manifest = JSON.parse(readFileSync(`${SEED_MEDIA_DIR}manifest.json`, 'utf8')) as {
    files: SeedMediaEntry[]
  }
  return kind ? manifest.files.filter((entry) => entry.kind === kind) : manifest.files
}

export function seedMediaPath(entry: SeedMediaEntry): string {
  return `${SEED_MEDIA_DIR}${entry.file}`
}
