/**
 * A video change made straight at the sandbox, as another client of the service would make it:
 * the dashboard hears of it only through a webhook (or its next pass).
 */
export async function patchAtService(serviceUrl: string, videoId: string, change: object) {
  const token = await fetch(`${serviceUrl}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  }).then(async (response) => ((await response.json()) as { access_token: string }).access_token)
  return fetch(`${serviceUrl}/api/v1/videos/${videoId}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(change),
  })
}
