import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { brokenLinks, documentationFiles } from './markdown-links.ts'

const root = join(import.meta.dirname, '../../..')

it('every relative link in README.md and docs/ reaches its file, and every #anchor a heading there', () => {
  const files = documentationFiles(root)
  expect(files).toContain('README.md')
  expect(files).toContain('docs/configuration.md')
  expect(files.filter((file) => file.startsWith('docs/decisions/')).length).toBeGreaterThan(0)
  expect(brokenLinks(root, files)).toEqual([])
})

const fixture = mkdtempSync(join(tmpdir(), 'docs-links-'))
afterAll(() => rmSync(fixture, { recursive: true, force: true }))

function write(files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(fixture, path)), { recursive: true })
    writeFileSync(join(fixture, path), text)
  }
}

it("finds GitHub's anchors for headings with code, punctuation and repeats, and reports what is broken", () => {
  write({
    'README.md': [
      '# Project',
      'See [home](docs/guide.md#home-), [the second FAQ](docs/guide.md#faq-1),',
      '[npm start](docs/guide.md#what-npm-start-gives-you), [here](#project) and',
      '![a picture](docs/images/shot.png).',
      '',
      'Broken: [gone](docs/missing.md), [no such heading](docs/guide.md#nowhere),',
      '[a moved section](#setup) and [an anchor in a picture](docs/images/shot.png#top).',
      '',
      '```md',
      '[in a code block](docs/not-checked.md)',
      '```',
      '',
      'Not checked: `[in code](docs/nor-this.md)`, [a site](https://example.com/x.md#y),',
      '[mail](mailto:a@example.com).',
    ].join('\n'),
    'docs/guide.md': [
      '# Home (`/`)',
      '## FAQ',
      '## FAQ',
      '## What `npm start` gives you',
      '| Table | Link |',
      '| ----- | ---- |',
      '| a | [in a table](../README.md#no-heading) |',
    ].join('\n'),
    'docs/images/shot.png': 'not really a picture',
  })

  expect(brokenLinks(fixture, ['README.md', 'docs/guide.md'])).toEqual([
    'README.md: docs/missing.md (no file docs/missing.md)',
    'README.md: docs/guide.md#nowhere (no heading #nowhere in docs/guide.md)',
    'README.md: #setup (no heading #setup in README.md)',
    'README.md: docs/images/shot.png#top (docs/images/shot.png has no headings to link to)',
    'docs/guide.md: ../README.md#no-heading (no heading #no-heading in README.md)',
  ])
})
