import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from './sign.ts'

const SUCCESS_STATUSES = new Set([200, 202, 204])

export type WebhookPostResult =
  | { kind: 'delivered'; status: number }
  | { kind: 'failed'; status: number | null; error: string }
  /** Interrupted by the dispatcher stopping: not counted as an attempt. */
  | { kind: 'cancelled' }

export type WebhookPostRequest = {
  url: string
  secret: string
  body: string
  timeoutMs: number
  nowMs: number
  cancelSignal: AbortSignal
  fetchImpl: typeof fetch
}

export async function postSignedWebhook(request: WebhookPostRequest): Promise<WebhookPostResult> {
  const timeoutSignal = AbortSignal.timeout(request.timeoutMs)
  try {
    const response = await request.fetchImpl(request.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(request.secret, request.body, request.nowMs),
      },
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.any([timeoutSignal, request.cancelSignal]),
    })
    await response.body?.cancel().catch(() => {})
    if (SUCCESS_STATUSES.has(response.status)) return { kind: 'delivered', status: response.status }
    return {
      kind: 'failed',
      status: response.status,
      error: `unexpected status ${response.status}`,
    }
  } catch (error) {
    if (request.cancelSignal.aborted) return { kind: 'cancelled' }
    if (timeoutSignal.aborted) {
      return { kind: 'failed', status: null, error: `timeout after ${request.timeoutMs} ms` }
    }
    return { kind: 'failed', status: null, error: describeNetworkError(error) }
  }
}

function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ''
  return `${error.message}${cause}`
}
