import type { ServiceEvent } from './service-event'

// Every event type the contract names, checked against it: a new type in the contract fails the
// type check here until the app says it knows it.
const knownTypes = {
  video_created: true,
  video_updated: true,
  video_import_failed: true,
} satisfies Record<ServiceEvent['event_type'], true>

const isKnownType = (value: unknown): value is ServiceEvent['event_type'] =>
  typeof value === 'string' && Object.hasOwn(knownTypes, value)

/**
 * An event frame from the dashboard's own stream, or null if it is not one. The server checked
 * the event against the contract's schema before sending it (decision 0017), so the app only
 * reads it and skips what it does not know.
 */
export function readServiceEventFrame(text: string): ServiceEvent | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const { event_type: type, data } = value as { event_type?: unknown; data?: unknown }
  return isKnownType(type) && typeof data === 'object' && data !== null
    ? (value as ServiceEvent)
    : null
}
