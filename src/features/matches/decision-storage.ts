import * as z from 'zod/mini'
import { decisionValues } from '@/api/review'
import { afterNextPaint } from '@/lib/after-paint'
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

// Saves wait here until the frame showing the decision has been painted: reading, checking and
// writing the whole record was half of a review key's own work (bench:review's profile). A tab
// hidden or closed first writes them at once.
const unsaved = new Map<string, Decisions>()
let flushScheduled = false

export function flushDecisions() {
  flushScheduled = false
  if (unsaved.size === 0) return
  const all = read(DECISIONS_KEY, decisionsSchema, {})
  for (const [videoId, decisions] of unsaved) {
    if (Object.keys(decisions).length === 0) delete all[videoId]
    else all[videoId] = decisions
  }
  unsaved.clear()
  write(DECISIONS_KEY, all)
}

function flushAfterPaint() {
  if (flushScheduled) return
  flushScheduled = true
  afterNextPaint(flushDecisions)
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', flushDecisions)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushDecisions()
  })
}

export const loadDecisions = (videoId: string): Decisions =>
  unsaved.get(videoId) ?? read(DECISIONS_KEY, decisionsSchema, {})[videoId] ?? {}

export function saveDecisions(videoId: string, decisions: Decisions) {
  unsaved.set(videoId, { ...decisions })
  flushAfterPaint()
}
