import * as z from 'zod/mini'
import type { Decisions } from './review-model'

// Decisions are kept in this browser until they are submitted, so a reload or a crash loses
// none; the last submitted videos are kept to be reopened.
const DECISIONS_KEY = 'matches:decisions'
const SUBMITTED_KEY = 'matches:submitted'
const keptSubmitted = 8

const decisionsSchema = z.record(z.string(), z.record(z.string(), z.enum(['accepted', 'rejected'])))
const submittedSchema = z.array(
  z.object({
    videoId: z.string(),
    caption: z.string(),
    accepted: z.number(),
    rejected: z.number(),
    at: z.number(),
  }),
)
export type SubmittedVideo = z.infer<typeof submittedSchema>[number]

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

export const loadSubmitted = (): SubmittedVideo[] => read(SUBMITTED_KEY, submittedSchema, [])

export function recordSubmitted(entry: SubmittedVideo) {
  const list = loadSubmitted().filter((each) => each.videoId !== entry.videoId)
  write(SUBMITTED_KEY, [entry, ...list].slice(0, keptSubmitted))
}
