// The envelope of a service webhook (document 1, 6.2–6.4), checked before anything is applied.
export type ServiceEvent =
  | {
      event_type: 'video_created' | 'video_updated'
      created: number
      business_id: string
      data: { id: string; status?: string; import_id?: string }
    }
  | {
      event_type: 'video_import_failed'
      created: number
      business_id: string
      data: { import_id: string; reason: string }
    }

const isString = (value: unknown): value is string => typeof value === 'string' && value !== ''
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function parseServiceEvent(body: unknown): ServiceEvent | null {
  if (!isObject(body) || !isObject(body.data)) return null
  const { event_type: type, created, business_id: business, data } = body
  if (!Number.isSafeInteger(created) || !isString(business)) return null
  if (type === 'video_created' || type === 'video_updated')
    return isString(data.id) ? (body as ServiceEvent) : null
  if (type === 'video_import_failed')
    return isString(data.import_id) && isString(data.reason) ? (body as ServiceEvent) : null
  return null
}

/** event_type + data.id + created (data.import_id for video_import_failed), section 6.5. */
export const dedupKey = (event: ServiceEvent) =>
  [
    event.event_type,
    event.event_type === 'video_import_failed' ? event.data.import_id : event.data.id,
    event.created,
  ].join(':')
