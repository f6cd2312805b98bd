export const allScopes = [
  'videos:read',
  'videos:write',
  'business_stores:read',
  'business_stores:write',
  'products:read',
  'products:write',
  'playlists:read',
  'playlists:write',
  'channels:read',
  'api:admin',
] as const

export type Scope = (typeof allScopes)[number]

// A grant satisfies an operation when it holds any one of the scopes the operation accepts.
// api:admin bypasses every check; playlists:write implies playlists:read.
export function grantSatisfies(
  granted: ReadonlySet<string>,
  acceptable: readonly Scope[],
): boolean {
  if (granted.has('api:admin')) return true
  return acceptable.some(
    (scope) => granted.has(scope) || (scope === 'playlists:read' && granted.has('playlists:write')),
  )
}
