/**
 * Every call the app makes to its own server goes through here. In the browser it is `fetch` on
 * this origin; a server render swaps in one that reaches the dashboard over loopback with the
 * visitor's cookie (a relative URL means nothing in Node, and each render is a different visitor).
 */
export type ApiFetch = (input: string | Request, init?: RequestInit) => Promise<Response>

let current: ApiFetch = (input, init) => fetch(input, init)

export const apiFetch: ApiFetch = (input, init) => current(input, init)

export function setApiFetch(fetchImpl: ApiFetch) {
  current = fetchImpl
}
