import * as z from 'zod/mini'
import { decisionValues } from '@/api/review'
import type { Decisions } from './review-model'

// Decisions are kept in this browser until they are submitted, so a reload or a crash loses
// none. (What was submitted is the ledger's: the last ten are read from the dashboard.)
const DECISIONS_KEY = 'matches:decisions'

const decisionsSchema = z.record(z.string(), z.record(z.string(), z.enum(decisionValues)))

function read<T>(key: string, schema: z.ZodMiniType<T>, fallback: T): T {
  try {
    const parsed = schema.safeParse(JSON.parse(localStorage.getItem(key) ?? 'null'))
    return parsed.success ? parsed.data : fallback
  } catch {
    return fallback
  }
}

function write(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value))
  } catch {
    // Storage full or blocked: the decisions still hold for this visit.
  }
}

export const loadDecisions = (videoId: string): Decisions =>
  read(DECISIONS_KEY, decisionsSchema, {})[videoId] ?? {}

export function saveDecisions(videoId: string, decisions: Decisions) {
  const all = read(DECISIONS_KEY, decisionsSchema, {})
  if (Object.keys(decisions).length === 0) delete all[videoId]
  else all[videoId] = { ...decisions }
  write(DECISIONS_KEY, all)
}
