export type Encoding = 'br' | 'gzip'

/** The best encoding the browser accepts (RFC 9110 12.5.3): brotli, then gzip, or none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  const weights = new Map<string, number>()
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase())
    if (!name) continue
    const q = params.find((param) => param.startsWith('q='))
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1)
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0
  const best = (['br', 'gzip'] as const)
    .filter((name) => weightOf(name) > 0)
    .sort((a, b) => weightOf(b) - weightOf(a))[0]
  return best ?? null
}
