const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char)
}

export function unescapeXml(text: string): string {
  return text
    .replace(/&#x([0-9a-fA-F]+);/g, (_, hex: string) =>
      String.fromCodePoint(Number.parseInt(hex, 16)),
    )
    .replace(/&#([0-9]+);/g, (_, dec: string) => String.fromCodePoint(Number.parseInt(dec, 10)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** Renders an S3 response document: `<Root xmlns=...>` with simple child elements. */
export function xmlDocument(root: string, body: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<${root} xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${body}</${root}>`
  )
}

export function xmlElements(fields: Record<string, string | number>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<${name}>${escapeXml(String(value))}</${name}>`)
    .join('')
}

/** Texts of every `<tag>...</tag>` directly matched in `xml`, unescaped. Enough for S3's flat request bodies. */
export function xmlTexts(xml: string, tag: string): string[] {
  const pattern = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g')
  return [...xml.matchAll(pattern)].map((match) => unescapeXml(match[1] ?? ''))
}
