import { connect } from 'node:net'

/**
 * Writes `head` (request line and headers, CRLF-separated, without the blank line) and `body` to
 * the server byte for byte, as no HTTP client would, and resolves with the status it answers (0
 * when it only closes the connection).
 */
export function rawRequest(baseUrl: string, head: string, body = ''): Promise<number> {
  const { hostname, port } = new URL(baseUrl)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname)
    let answer = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => {
      answer += chunk
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)
      if (status) {
        resolve(Number(status[1]))
        socket.destroy()
      }
    })
    socket.on('close', () => resolve(0))
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? resolve(0) : reject(error),
    )
    socket.write(`${head}\r\n\r\n${body}`, 'latin1')
  })
}
