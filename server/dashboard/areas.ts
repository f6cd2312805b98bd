import type { AreaMigrations } from './db/database.ts'
import { noticeMigrations } from './notices/tables.ts'
import { reviewMigrations } from './review/tables.ts'
import { rulesMigrations } from './rules/tables.ts'

/** The tables of the areas the database module does not know, in migration order. */
export const areaMigrations: readonly AreaMigrations[] = [
  reviewMigrations,
  noticeMigrations,
  rulesMigrations,
]
