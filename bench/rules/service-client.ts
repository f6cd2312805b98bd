/**
 * The benchmark's own client of the service, straight to the sandbox (not through the replicas'
 * proxy): it stands for the people and tools whose changes the rules hear of, and reads what the
 * service holds at the end.
 */
export async function serviceClient(serviceUrl: string) {
  const tokenAnswer = await fetch(`${serviceUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&client_id=demo&client_secret=demo-secret',
  })
  if (!tokenAnswer.ok) throw new Error(`the sandbox gave no token: ${tokenAnswer.status}`)
  const token = ((await tokenAnswer.json()) as { access_token: string }).access_token

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${serviceUrl}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!response.ok)
      throw new Error(
        `the service answered ${method} ${path} ${response.status}: ${await response.text()}`,
      )
    return (response.status === 204 ? null : await response.json()) as T
  }
  return { call }
}

export type ServiceCall = Awaited<ReturnType<typeof serviceClient>>['call']
