import { resolve } from 'node:path'
import type { Plugin } from 'vite'

/**
 * For a page whose entry module imports the app's own module dynamically (`started`): `captures`
 * is a code-splitting test that puts every module `started` imports, directly or not, into one
 * chunk (but not those the entry already loads), and `plugin` names that chunk in the HTML as a
 * module preload, so it downloads (and compiles off the main thread) while the entry waits. The
 * preload goes at the end of the body, where the server's render puts the page's script: after
 * the markup, so nothing is fetched while the server renders (decision 0018).
 */
export function startedLater(paths: { entry: string; started: string }) {
  const root = resolve(import.meta.dirname, '..')
  const [entry, started] = [resolve(root, paths.entry), resolve(root, paths.started)]
  const captured = new Set<string>()
  const plugin: Plugin = {
    name: 'started-later',
    apply: 'build',
    buildEnd() {
      const reach = (from: string) => {
        const seen = new Set<string>()
        const visit = (id: string) => {
          if (seen.has(id)) return
          seen.add(id)
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported)
        }
        visit(from)
        return seen
      }
      const loadedFirst = reach(entry)
      captured.clear()
      for (const id of reach(started)) if (!loadedFirst.has(id)) captured.add(id)
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { chunk, bundle }) {
        if (!chunk || !bundle) return
        const files = new Set<string>()
        const add = (file: string) => {
          const output = bundle[file]
          if (files.has(file) || file === chunk.fileName || output?.type !== 'chunk') return
          files.add(file)
          for (const imported of output.imports) add(imported)
        }
        for (const file of chunk.dynamicImports) add(file)
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'body' as const,
        }))
      },
    },
  }
  return { plugin, captures: (id: string) => captured.has(id) }
}
