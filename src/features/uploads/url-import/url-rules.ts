// The URL import rules the browser can check before asking the service (document 1, section 4.4):
// http or https, a host name with at least one dot, and a path. The rest (content type, size,
// duration) only the service can tell, after it has fetched the file.

/** Why the typed address cannot be imported, in plain words, or null when it can be sent. */
export function urlImportProblem(text: string): string | null {
  const value = text.trim()
  if (value === '') return 'Enter the address of the video file.'
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'This is not a complete web address. It should look like https://videos.example.com/launch.mp4.'
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'Only addresses starting with http:// or https:// can be imported.'
  if (!url.hostname.replace(/^\[|\]$/g, '').includes('.'))
    return 'The address needs a full host name with a dot, such as videos.example.com.'
  if (url.pathname === '/' || url.pathname === '')
    return 'The address needs the path of the file after the host name, such as /launch.mp4.'
  return null
}

/** The file name the caption pattern's {name} stands for: the last segment of the URL's path. */
export function fileNameFromUrl(text: string): string {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    return text.trim()
  }
  const last = url.pathname.split('/').filter(Boolean).at(-1)
  if (!last) return url.hostname
  try {
    return decodeURIComponent(last)
  } catch {
    return last
  }
}
