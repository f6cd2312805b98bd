import { contractViolation } from './response-contract.ts'
import { type ClientName, credentials } from './target.ts'

export type Query = Record<string, string | number | boolean | undefined | null>

/** Response bodies are untyped JSON; callers narrow them with the generated types. */
// biome-ignore lint/suspicious/noExplicitAny: JSON bodies are checked by the assertions
export type Json = any

export interface ApiResponse<T = Json> {
  status: number
  headers: Headers
  json: T
  text: string
}

export interface RequestOptions {
  /** Bearer token; undefined uses the main client's full token, null sends no header. */
  token?: string | null
  json?: unknown
  form?: Record<string, string>
  /** Raw body (multipart FormData, a string, bytes); set Content-Type in headers if needed. */
  body?: FormData | string
  headers?: Record<string, string>
  query?: Query
}

export interface ServiceClient {
  token(client?: ClientName, scopes?: string[]): Promise<string>
  /** Raw POST /oauth/token with a form body and optional extra headers. */
  tokenRequest(form: Record<string, string>, headers?: Record<string, string>): Promise<ApiResponse>
  api<T = Json>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>
  /** Absolute URL for a `links.next`/`prev` value, followed verbatim. */
  resolve(link: string): string
}

/**
 * Every call the suite makes to the service goes through here, and every answer is checked
 * against the contract: a response it does not allow fails the test (or hook) that made the call.
 */
export function createServiceClient(baseUrl: () => string): ServiceClient {
  const tokens = new Map<string, { token: string; expiresAt: number }>()

  function resolve(link: string): string {
    if (/^https?:\/\//.test(link)) return link
    const base = new URL(`${baseUrl()}/`)
    const prefix = base.pathname.replace(/\/+$/, '')
    if (prefix && !link.startsWith(`${prefix}/`)) return `${baseUrl()}${link}`
    return new URL(link, base.origin).toString()
  }

  async function request<T>(method: string, url: string, init: RequestOptions) {
    const headers: Record<string, string> = { ...init.headers }
    let body: FormData | string | undefined = init.body
    if (init.json !== undefined) {
      body = JSON.stringify(init.json)
      headers['content-type'] ??= 'application/json'
    } else if (init.form) {
      body = new URLSearchParams(init.form).toString()
      headers['content-type'] ??= 'application/x-www-form-urlencoded'
    }
    const res = await fetch(url, { method, headers, body, redirect: 'manual' })
    const text = await res.text()
    const violation = contractViolation({
      method,
      path: pathBelowBase(url),
      status: res.status,
      contentType: res.headers.get('content-type'),
      text,
    })
    if (violation) throw new Error(`Not what the contract allows: ${violation}`)
    let json: Json
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { status: res.status, headers: res.headers, json: json as T, text }
  }

  function pathBelowBase(url: string): string {
    const prefix = new URL(`${baseUrl()}/`).pathname.replace(/\/+$/, '')
    const { pathname } = new URL(url)
    return prefix && pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : pathname
  }

  async function tokenRequest(form: Record<string, string>, headers: Record<string, string> = {}) {
    return request<Json>('POST', `${baseUrl()}/oauth/token`, { form, headers })
  }

  async function token(client: ClientName = 'main', scopes?: string[]): Promise<string> {
    const key = `${client} ${scopes ? [...scopes].sort().join(' ') : '*'}`
    const cached = tokens.get(key)
    if (cached && cached.expiresAt > Date.now() + 5_000) return cached.token
    const { id, secret } = credentials(client)
    const form: Record<string, string> = { grant_type: 'client_credentials' }
    if (scopes) form.scope = scopes.join(' ')
    const basic = Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`)
    const res = await tokenRequest(form, { authorization: `Basic ${basic.toString('base64')}` })
    if (res.status !== 200) throw new Error(`token for ${key}: ${res.status} ${res.text}`)
    const expiresIn = Number(res.json.expires_in ?? 60)
    tokens.set(key, { token: res.json.access_token, expiresAt: Date.now() + expiresIn * 1000 })
    return res.json.access_token
  }

  async function api<T = Json>(method: string, path: string, init: RequestOptions = {}) {
    const url = new URL(path.startsWith('http') ? path : `${baseUrl()}${path}`)
    for (const [name, value] of Object.entries(init.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(name, String(value))
    }
    const bearer = init.token === undefined ? await token('main') : init.token
    const headers = { ...init.headers }
    if (bearer !== null) headers.authorization ??= `Bearer ${bearer}`
    return request<T>(method, url.toString(), { ...init, headers })
  }

  return { token, tokenRequest, api, resolve }
}
