/**
 * Starts fetching pictures that the next render will show, so that they load while it runs
 * rather than after it: the `<img>` elements that follow share the same requests.
 */
export function preloadImages(urls: ReadonlyArray<string | null>) {
  // A server render has no Image: its HTML names the pictures itself.
  if (typeof Image === 'undefined') return
  for (const url of urls) {
    if (!url) continue
    const image = new Image()
    image.fetchPriority = 'high'
    image.src = url
  }
}
