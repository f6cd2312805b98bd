// Installed by `npm run bench:upload` in a blank page of the dashboard's origin. Plain browser
// JavaScript, read as text, so no build step can rewrite it on its way to the page.
// `window.__benchPut({ parts, concurrency })` PUTs each part's byte range of the file chosen in the
// page's <input type=file> to its presigned URL, `concurrency` requests at a time (each worker
// takes the next part when its previous one is answered), and resolves with the ETags and the
// time from the first request to the last answer (performance.now(), ms).
;(() => {
  const fileOf = () => {
    const input = document.querySelector('input[type=file]')
    const file = input?.files?.[0]
    if (!file) throw new Error('no file chosen in the page')
    return file
  }

  window.__benchPut = async ({ parts, concurrency }) => {
    const file = fileOf()
    const etags = new Array(parts.length)
    let next = 0
    const worker = async () => {
      while (next < parts.length) {
        const index = next++
        const part = parts[index]
        const response = await fetch(part.url, {
          method: 'PUT',
          body: file.slice(part.start, part.end),
        })
        const text = await response.text()
        if (!response.ok) throw new Error(`part ${part.part}: ${response.status} ${text}`)
        const etag = response.headers.get('ETag')
        if (!etag) throw new Error(`part ${part.part}: no ETag exposed`)
        etags[index] = etag
      }
    }
    const started = performance.now()
    await Promise.all(Array.from({ length: concurrency }, worker))
    return { ms: performance.now() - started, etags }
  }

  // Round trips of PUTs (one after another) to tell whether latency emulation applies to uploads:
  // for each size, `times` PUTs of the file's first `size` bytes (a slice of the chosen file, as
  // the parts are) to the same URL; the first, which also pays for the CORS preflight, is left out.
  window.__benchProbe = async ({ url, sizes, times }) => {
    const file = fileOf()
    const out = {}
    for (const size of sizes) {
      const ms = []
      for (let i = 0; i <= times; i++) {
        const started = performance.now()
        const response = await fetch(url, { method: 'PUT', body: file.slice(0, size) })
        await response.text()
        if (!response.ok) throw new Error(`probe PUT: ${response.status}`)
        if (i > 0) ms.push(performance.now() - started)
      }
      out[size] = ms
    }
    return out
  }

  // Resource Timing of the uploader's requests: the storage's part PUTs (their URLs carry
  // uploadId and partNumber) and the signatures and complete calls, for its timeline.
  window.__benchTimings = () =>
    performance
      .getEntriesByType('resource')
      .filter(
        (entry) =>
          (/[?&]uploadId=/.test(entry.name) && /[?&]partNumber=/.test(entry.name)) ||
          /\/api\/v1\/upload_multipart\//.test(entry.name),
      )
      .map((entry) => ({ name: entry.name, start: entry.startTime, end: entry.responseEnd }))

  try {
    performance.setResourceTimingBufferSize(10000)
  } catch {}
})()
