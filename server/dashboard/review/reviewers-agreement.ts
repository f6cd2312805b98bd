import type { ReviewDecision, Reviewers } from '../../../src/api/review.ts'
import type { ReviewDb } from './review-context.ts'
import type { ReviewPeriod } from './reviewers.ts'
import { agreementOf, type DecisionPair } from './reviewers-kappa.ts'

/** Videos' captions by id, as far as someone knows them (the index's, passed in by compose). */
export type Captions = (videoIds: readonly string[]) => Promise<ReadonlyMap<string, string | null>>

/** The longest list of disagreements sent; the newest come first. */
export const disagreementsShown = 200
const videosAtOnce = 500

interface Row {
  seq: number
  video_id: string
  match_id: string
  product_id: string
  decision: ReviewDecision
  reviewer_id: string | null
  reviewer_email: string | null
  decided_at: string
  undone_at: string | null
}

const columns = [
  'seq',
  'video_id',
  'match_id',
  'product_id',
  'decision',
  'reviewer_id',
  'reviewer_email',
  'decided_at',
  'undone_at',
] as const

/** The first reviews (people's, blind audits' and what settled them) of these videos. */
async function firstReviewsOf(db: ReviewDb, videoIds: readonly string[]) {
  const rows: Row[] = []
  for (let at = 0; at < videoIds.length; at += videosAtOnce) {
    const some = videoIds.slice(at, at + videosAtOnce)
    rows.push(
      ...(await db
        .selectFrom('review_decisions')
        .select(columns)
        .where('video_id', 'in', some)
        .where('source', 'in', ['person', 'audit'])
        .execute()),
    )
  }
  return rows
}

/**
 * Agreement on the double-reviewed sample: each second review (`second`, not undone, made in the
 * period) paired with the first review of the same suggestion as it stood then, that is the
 * latest person's or audit's decision before it not yet undone when it was made. A video whose
 * two reviews differ is a disagreement until a person decides on it after the second review (an
 * admin settling it).
 */
export async function readAgreement(
  db: ReviewDb,
  period: ReviewPeriod,
  captions?: Captions,
): Promise<Pick<Reviewers, 'agreement' | 'disagreements'>> {
  let query = db
    .selectFrom('review_decisions')
    .select(columns)
    .where('source', '=', 'second')
    .where('undone_at', 'is', null)
  if (period.fromMs !== undefined) query = query.where('decided_ms', '>=', period.fromMs)
  if (period.toMs !== undefined) query = query.where('decided_ms', '<', period.toMs)
  const seconds = (await query.orderBy('seq').execute()) as Row[]
  const videoIds = [...new Set(seconds.map((row) => row.video_id))]
  const firsts = await firstReviewsOf(db, videoIds)
  const firstsOf = new Map<string, Row[]>()
  for (const row of firsts) {
    const key = `${row.video_id}\n${row.match_id}`
    firstsOf.set(key, [...(firstsOf.get(key) ?? []), row])
  }
  const latestOn = new Map<string, number>()
  for (const row of firsts)
    latestOn.set(row.video_id, Math.max(latestOn.get(row.video_id) ?? 0, Number(row.seq)))

  const pairs: (DecisionPair & {
    video: string
    product: string
    firstRow: Row
    secondRow: Row
  })[] = []
  for (const second of seconds) {
    const standing = (firstsOf.get(`${second.video_id}\n${second.match_id}`) ?? []).filter(
      (row) =>
        Number(row.seq) < Number(second.seq) &&
        row.reviewer_id !== second.reviewer_id &&
        (row.undone_at === null || row.undone_at >= second.decided_at),
    )
    const first = standing.reduce<Row | null>(
      (latest, row) => (latest === null || Number(row.seq) > Number(latest.seq) ? row : latest),
      null,
    )
    if (!first) continue
    pairs.push({
      first: first.decision,
      second: second.decision,
      video: second.video_id,
      product: second.product_id,
      firstRow: first,
      secondRow: second,
    })
  }

  const byVideo = new Map<string, typeof pairs>()
  for (const pair of pairs) byVideo.set(pair.video, [...(byVideo.get(pair.video) ?? []), pair])
  const open = [...byVideo]
    .filter(([video, videoPairs]) => {
      const lastSecond = Math.max(...videoPairs.map((pair) => Number(pair.secondRow.seq)))
      const settled = (latestOn.get(video) ?? 0) > lastSecond
      return !settled && videoPairs.some((pair) => pair.first !== pair.second)
    })
    .reverse()
    .slice(0, disagreementsShown)
  const names = captions
    ? await captions(open.map(([video]) => video)).catch(() => new Map<string, string | null>())
    : new Map<string, string | null>()
  const side = (videoPairs: typeof pairs, which: 'first' | 'second') => {
    const row = videoPairs[0]?.[which === 'first' ? 'firstRow' : 'secondRow']
    return {
      email: row?.reviewer_email ?? row?.reviewer_id ?? '',
      accepted: videoPairs.filter((pair) => pair[which] === 'accepted').map((pair) => pair.product),
    }
  }
  return {
    agreement: agreementOf(pairs),
    disagreements: open.map(([video, videoPairs]) => ({
      video_id: video,
      caption: names.get(video) ?? null,
      first: side(videoPairs, 'first'),
      second: side(videoPairs, 'second'),
    })),
  }
}
