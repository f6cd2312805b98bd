import { createHash } from 'node:crypto'
import { encodeRgbPng } from './png.ts'

export { type ImageSize, imageSize } from './image-size.ts'

export const THUMBNAIL_WIDTH = 540
export const THUMBNAIL_HEIGHT = 960

export type Rgb = [number, number, number]
type Point = [number, number]

const GLYPH_RADIUS = 76
const DISC_OPACITY = 0.22
const TRIANGLE_OPACITY = 0.95
// Play triangle around the disc centre, nudged right so it looks optically centred.
const TRIANGLE_TOP: Point = [-24, -38]
const TRIANGLE_TIP: Point = [40, 0]
const TRIANGLE_BOTTOM: Point = [-24, 38]
const TRIANGLE_EDGES: [Point, Point][] = [
  [TRIANGLE_TOP, TRIANGLE_TIP],
  [TRIANGLE_TIP, TRIANGLE_BOTTOM],
  [TRIANGLE_BOTTOM, TRIANGLE_TOP],
]

/**
 * A 540x960 PNG for videos the sandbox cannot decode: a vertical gradient whose hues come from
 * a hash of `seed`, with a play button in the middle. Same seed, same bytes.
 */
export function renderPlaceholderThumbnail(seed: string): Buffer {
  const [top, bottom] = gradientFromSeed(seed)
  const rowBytes = THUMBNAIL_WIDTH * 3
  const rgb = Buffer.alloc(rowBytes * THUMBNAIL_HEIGHT)
  const centreX = THUMBNAIL_WIDTH / 2
  const centreY = THUMBNAIL_HEIGHT / 2
  // Only the pixels near the play button are worked out one by one; every other pixel of a row is
  // the row's colour, copied. Drawn pixel by pixel, a thumbnail held the event loop ~20 ms, and
  // the embedded sandbox draws one for each video that finishes processing.
  const glyphFrom = Math.max(0, Math.floor(centreX - GLYPH_RADIUS - 1.5))
  const glyphTo = Math.min(THUMBNAIL_WIDTH, Math.ceil(centreX + GLYPH_RADIUS + 1.5))
  for (let y = 0; y < THUMBNAIL_HEIGHT; y++) {
    const rowColour = mix(top, bottom, y / (THUMBNAIL_HEIGHT - 1))
    const rowStart = y * rowBytes
    rgb[rowStart] = Math.round(rowColour[0])
    rgb[rowStart + 1] = Math.round(rowColour[1])
    rgb[rowStart + 2] = Math.round(rowColour[2])
    for (let filled = 3; filled < rowBytes; filled *= 2)
      rgb.copyWithin(rowStart + filled, rowStart, rowStart + Math.min(filled, rowBytes - filled))
    const dy = y + 0.5 - centreY
    if (Math.abs(dy) > GLYPH_RADIUS + 1) continue
    for (let x = glyphFrom; x < glyphTo; x++) {
      const dx = x + 0.5 - centreX
      if (Math.abs(dx) > GLYPH_RADIUS + 1) continue
      let colour = overWhite(rowColour, DISC_OPACITY * discCoverage(dx, dy))
      colour = overWhite(colour, TRIANGLE_OPACITY * triangleCoverage(dx, dy))
      const offset = rowStart + x * 3
      rgb[offset] = Math.round(colour[0])
      rgb[offset + 1] = Math.round(colour[1])
      rgb[offset + 2] = Math.round(colour[2])
    }
  }
  return encodeRgbPng(THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT, rgb)
}

/** Two colours, a light one and a darker shifted hue, from a hash of `seed`: same seed, same pair. */
export function gradientFromSeed(seed: string): [Rgb, Rgb] {
  const hash = createHash('sha256').update(seed).digest()
  const hue = (hash.readUInt16BE(0) / 0x10000) * 360
  const hueShift = 25 + ((hash[2] ?? 0) % 50)
  return [hslToRgb(hue, 0.65, 0.62), hslToRgb(hue + hueShift, 0.55, 0.3)]
}

function hslToRgb(hueDegrees: number, saturation: number, lightness: number): Rgb {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation
  const channel = (n: number) => {
    const k = (n + hueDegrees / 30) % 12
    return 255 * (lightness - (chroma / 2) * Math.max(-1, Math.min(k - 3, 9 - k, 1)))
  }
  return [channel(0), channel(8), channel(4)]
}

export function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return [
    from[0] + (to[0] - from[0]) * amount,
    from[1] + (to[1] - from[1]) * amount,
    from[2] + (to[2] - from[2]) * amount,
  ]
}

function overWhite(colour: Rgb, opacity: number): Rgb {
  return opacity <= 0 ? colour : mix(colour, [255, 255, 255], opacity)
}

// Coverage from signed distance to the edge gives one pixel of anti-aliasing cheaply.
function discCoverage(dx: number, dy: number): number {
  return clamp01(GLYPH_RADIUS + 0.5 - Math.hypot(dx, dy))
}

function triangleCoverage(px: number, py: number): number {
  let inside = Number.POSITIVE_INFINITY
  for (const [[ax, ay], [bx, by]] of TRIANGLE_EDGES) {
    const edgeLength = Math.hypot(bx - ax, by - ay)
    // Vertices run clockwise in screen space (y down), so the inside is to the right.
    const distance = ((bx - ax) * (py - ay) - (by - ay) * (px - ax)) / edgeLength
    inside = Math.min(inside, distance)
  }
  return clamp01(inside + 0.5)
}

function clamp01(value: number): number {
  return Math.max(0, Math.min(1, value))
}
