import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import GithubSlugger from 'github-slugger'
import { lexer, type Token, type Tokens, walkTokens } from 'marked'

/** What one Markdown file offers and asks for: its headings' anchors, and the links it holds. */
export interface MarkdownPage {
  anchors: Set<string>
  links: string[]
}

/** The README and every Markdown file under docs/, as paths relative to `root`. */
export function documentationFiles(root: string): string[] {
  const under = (folder: string): string[] =>
    readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) return under(path)
      return entry.name.endsWith('.md') ? [path] : []
    })
  return ['README.md', ...under('docs')].sort()
}

export function readMarkdown(text: string): MarkdownPage {
  const tokens = lexer(text)
  const slugger = new GithubSlugger()
  const anchors = new Set<string>()
  const links: string[] = []
  walkTokens(tokens, (token) => {
    // GitHub's anchors: the heading's text as shown (no markup), numbered when repeated.
    if (token.type === 'heading')
      anchors.add(slugger.slug(plainText((token as Tokens.Heading).tokens)))
    if (token.type === 'link' || token.type === 'image') links.push((token as Tokens.Link).href)
  })
  return { anchors, links }
}

function plainText(tokens: Token[]): string {
  return tokens
    .map((token) => {
      if ('tokens' in token && token.tokens) return plainText(token.tokens)
      if (token.type === 'html') return ''
      return 'text' in token ? String(token.text) : ''
    })
    .join('')
}

/** A link this checker does not follow: another site, an email, an address without a path. */
const external = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')

/**
 * Every relative link of `files` (paths relative to `root`) whose file does not exist, or whose
 * `#anchor` is no heading of the Markdown file it names; each as `file: link (why)`.
 */
export function brokenLinks(root: string, files: readonly string[]): string[] {
  const pages = new Map<string, MarkdownPage>()
  const page = (path: string) => {
    let found = pages.get(path)
    if (!found) {
      found = readMarkdown(readFileSync(path, 'utf8'))
      pages.set(path, found)
    }
    return found
  }
  const problems: string[] = []
  for (const file of files) {
    const source = resolve(root, file)
    for (const href of page(source).links) {
      if (external(href)) continue
      const [pathPart = '', anchor] = href.split('#', 2)
      const target = pathPart === '' ? source : resolve(dirname(source), decodeURI(pathPart))
      const say = (why: string) => problems.push(`${file}: ${href} (${why})`)
      if (!existsSync(target)) {
        say(`no file ${relative(root, target)}`)
        continue
      }
      if (anchor === undefined || anchor === '') continue
      if (statSync(target).isDirectory() || !target.endsWith('.md')) {
        say(`${relative(root, target)} has no headings to link to`)
        continue
      }
      if (!page(target).anchors.has(decodeURIComponent(anchor)))
        say(`no heading #${anchor} in ${relative(root, target)}`)
    }
  }
  return problems
}
