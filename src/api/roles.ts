export const roles = ['viewer', 'editor', 'admin'] as const
export type Role = (typeof roles)[number]

const rank: Record<Role, number> = { viewer: 0, editor: 1, admin: 2 }

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value)
}

/** Each role can do everything the roles below it can. */
export function roleAllows(role: Role, required: Role): boolean {
  return rank[role] >= rank[required]
}

export const roleDescriptions: Record<Role, string> = {
  viewer: 'Sees everything, changes nothing',
  editor: 'Videos, uploads, playlists, tagging and match review',
  admin: 'Everything, plus stores and catalog, accounts and the audit log',
}
