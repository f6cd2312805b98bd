// What the dashboard server and the app's server build (`src/entry-server.tsx`) agree on.

/** The cookie holding a theme chosen in the account menu, which the server puts on <html>. */
export const themeCookie = 'theme'

export interface RenderRequest {
  /** Path and query, as the browser asked for them. */
  url: string
  /** Where the dashboard answers on loopback, e.g. http://127.0.0.1:4000. */
  origin: string
  /** The visitor's headers the loaders' calls carry (cookie, a trusted proxy's forwarding). */
  headers: Record<string, string>
  /** Aborted at the render's deadline or when the visitor goes away. */
  signal: AbortSignal
}

export type RenderResult =
  /** `state`: the query cache, as JSON safe to place inside a `<script>` element. */
  | { kind: 'page'; html: string; state: string }
  /** The route did not load (signed out, an error, a redirect): the browser renders it. */
  | { kind: 'none' }

export type Render = (request: RenderRequest) => Promise<RenderResult>
