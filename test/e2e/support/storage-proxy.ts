import { createConnection, createServer, type Socket } from 'node:net'

// A loopback TCP proxy in front of the sandbox's storage, for faults a browser cannot make
// itself: a part upload cut off mid-body, or the network gone for a while. Bytes pass through
// untouched (signatures name this proxy's host, so they still verify).
export async function startStorageProxy() {
  let targetPort = 0
  let cutsLeft = 0
  let cutAfterBytes = 0
  let downUntil = 0
  const open = new Set<Socket>()
  const cut: string[] = []

  const server = createServer((client) => {
    if (Date.now() < downUntil) {
      client.destroy()
      return
    }
    const upstream = createConnection({ host: '127.0.0.1', port: targetPort })
    open.add(client)
    client.on('close', () => open.delete(client))
    // Bytes of the current part PUT seen so far on this connection, or null when not cutting.
    let partBytes: number | null = null
    client.on('data', (chunk: Buffer) => {
      const head = chunk.subarray(0, 2048).toString('latin1')
      const requestLine = /^PUT (\S*partNumber=\d+\S*) HTTP/.exec(head)
      if (requestLine && cutsLeft > 0) {
        cutsLeft--
        partBytes = 0
        cut.push(requestLine[1] ?? '')
      }
      if (partBytes !== null) {
        partBytes += chunk.length
        if (partBytes > cutAfterBytes) {
          client.destroy()
          upstream.destroy()
          return
        }
      }
      upstream.write(chunk)
    })
    upstream.on('data', (chunk) => client.write(chunk))
    client.on('end', () => upstream.end())
    upstream.on('end', () => client.end())
    client.on('error', () => upstream.destroy())
    upstream.on('error', () => client.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }

  return {
    url: `http://127.0.0.1:${port}`,
    /** Where the bytes go: the sandbox's port, known once it listens. */
    forwardTo(port: number) {
      targetPort = port
    },
    /** The next `count` part PUTs are cut off after `afterBytes` of their request. */
    cutPartUploads(count: number, afterBytes: number) {
      cutsLeft = count
      cutAfterBytes = afterBytes
    },
    /** The part PUTs cut so far (their paths). */
    cutUploads: () => [...cut],
    /** Every open connection drops now, and new ones are refused for `ms`. */
    dropNetwork(ms: number) {
      downUntil = Date.now() + ms
      for (const socket of open) socket.destroy()
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

export type StorageProxy = Awaited<ReturnType<typeof startStorageProxy>>
