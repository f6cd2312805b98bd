import { operationPhrases } from '../../../src/api/operation-phrases.ts'
import { requiredRoleOf } from '../../../src/api/operation-roles.ts'
import type { OperationId } from '../../../src/api/operations.gen.ts'
import { roleAllows } from '../../../src/api/roles.ts'
import type { RuleAction } from '../../../src/api/rules.ts'
import type { RulesDb } from './rules-deps.ts'

/** The contract's operations an action may call (notify calls none). */
export const operationsOf: Record<RuleAction['type'], readonly OperationId[]> = {
  playlist_add: ['addPlaylistVideo', 'reorderPlaylistVideos'],
  playlist_remove: ['removePlaylistVideo', 'reorderPlaylistVideos'],
  tag: ['updateVideo'],
  untag: ['updateVideo'],
  tag_suggestions: ['acceptProductMatches', 'updateVideo'],
  start_matching: ['startProductMatching'],
  publish: ['publishVideo'],
  schedule: ['publishVideo'],
  unpublish: ['unpublishVideo'],
  archive: ['archiveVideo'],
  notify: [],
}

/**
 * Why the rule's author could not make these changes by hand now (their account closed, or their
 * role short of an action's operation), or null when they could: a rule acts only as far as its
 * author may.
 */
export async function authorRefusal(
  db: RulesDb,
  authorId: string,
  actions: readonly RuleAction[],
): Promise<string | null> {
  const author = await db
    .selectFrom('accounts')
    .select(['email', 'role', 'deactivated_at'])
    .where('id', '=', authorId)
    .executeTakeFirst()
  if (!author) return "The rule's author no longer has an account, so it does not act"
  if (author.deactivated_at)
    return `The rule's author (${author.email}) was deactivated, so it does not act`
  for (const action of actions) {
    const short = operationsOf[action.type].find(
      (operation) => !roleAllows(author.role, requiredRoleOf(operation)),
    )
    if (short)
      return `The rule's author (${author.email}) is now ${article(author.role)} ${author.role}, who cannot ${operationPhrases[short]}, so it does not act`
  }
  return null
}

const article = (word: string) => (/^[aeiou]/.test(word) ? 'an' : 'a')
