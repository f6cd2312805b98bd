import { describe, expect, it } from 'vitest'
import { whoCan } from '@/api/operation-phrases'
import { requiredRoleOf } from '@/api/operation-roles'
import { operations } from '@/api/operations.gen'

describe('who can perform an operation, in plain words', () => {
  it('names the role that can, with a plain verb phrase', () => {
    expect(whoCan('reorderPlaylistVideos')).toBe('Editors can reorder playlists')
    expect(whoCan('updateBusinessStore')).toBe('Admins can change stores')
    expect(whoCan('upsertProduct')).toBe('Admins can change the catalog')
    expect(whoCan('acceptProductMatches')).toBe('Editors can review AI matches')
  })

  it.each(operations.map((operation) => operation.operationId))(
    '%s: one sentence, the least role that can, never the internal name',
    (operationId) => {
      const words = whoCan(operationId)
      const role = requiredRoleOf(operationId)
      expect(words).toMatch(
        { viewer: /^Everyone can /, editor: /^Editors can /, admin: /^Admins can / }[role],
      )
      expect(words).not.toContain(operationId)
      // Lower case words only after the role: no camelCase, no second sentence, no "ask an admin".
      expect(words.replace(/^\w+ can /, '')).toMatch(/^[a-z][a-z ']*( AI [a-z ]+| AI)?$/)
    },
  )
})
