import { createHash } from 'node:crypto'
import { encodeRgbPng } from './png.ts'
import { gradientFromSeed, mix, type Rgb } from './thumbnail.ts'

// Twice the largest the app shows one (40 px), so it is sharp on a 2× screen and no bigger.
export const PRODUCT_PICTURE_SIZE = 80

const WHITE: Rgb = [255, 255, 255]

/**
 * A small square PNG standing in for a product photo, drawn like the placeholder thumbnails: a
 * pale backdrop and a rounded "product" in colours hashed from `seed`, its size and place varied
 * by more bits of the hash, so each product's pictures differ from each other and from every
 * other product's. Same seed, same bytes; cheap to draw, so it is made on request.
 */
export function renderProductPicture(seed: string): Buffer {
  const size = PRODUCT_PICTURE_SIZE
  const [light, dark] = gradientFromSeed(seed)
  const hash = createHash('sha256').update(`shape:${seed}`).digest()
  const byte = (index: number) => (hash[index] ?? 0) / 255
  const half = size * (0.22 + 0.14 * byte(0))
  const halfHeight = half * (0.7 + 0.6 * byte(1))
  const centreX = size * (0.38 + 0.24 * byte(2))
  const centreY = size * (0.4 + 0.2 * byte(3))
  const corner = half * (0.15 + 0.8 * byte(4))
  const backdropTop = mix(light, WHITE, 0.82)
  const backdropBottom = mix(light, WHITE, 0.6)
  const rgb = Buffer.alloc(size * size * 3)
  // Only pixels within a pixel of the shape's box can be covered: the rest is backdrop, so the
  // picture is cheap enough to draw for every search's page of results.
  const left = Math.max(0, Math.floor(centreX - half - 1))
  const right = Math.min(size, Math.ceil(centreX + half + 1))
  const top = Math.max(0, Math.floor(centreY - halfHeight - 1))
  const bottom = Math.min(size, Math.ceil(centreY + halfHeight + 1))
  const put = (offset: number, colour: Rgb) => {
    rgb[offset] = Math.round(colour[0])
    rgb[offset + 1] = Math.round(colour[1])
    rgb[offset + 2] = Math.round(colour[2])
  }
  for (let y = 0; y < size; y++) {
    const backdrop = mix(backdropTop, backdropBottom, y / (size - 1))
    const row = y * size * 3
    const [red, green, blue] = backdrop.map(Math.round) as Rgb
    for (let offset = row; offset < row + size * 3; offset += 3) {
      rgb[offset] = red
      rgb[offset + 1] = green
      rgb[offset + 2] = blue
    }
    if (y < top || y >= bottom) continue
    const shade = mix(light, dark, (y - centreY + halfHeight) / (2 * halfHeight))
    for (let x = left; x < right; x++) {
      const inside = roundedBoxCoverage(
        x + 0.5 - centreX,
        y + 0.5 - centreY,
        half,
        halfHeight,
        corner,
      )
      if (inside > 0) put(row + x * 3, mix(backdrop, shade, inside))
    }
  }
  return encodeRgbPng(size, size, rgb)
}

// Signed distance to a rounded rectangle, turned into one pixel of anti-aliasing.
function roundedBoxCoverage(dx: number, dy: number, halfW: number, halfH: number, r: number) {
  const radius = Math.min(r, halfW, halfH)
  const qx = Math.abs(dx) - halfW + radius
  const qy = Math.abs(dy) - halfH + radius
  const ox = Math.max(qx, 0)
  const oy = Math.max(qy, 0)
  const outside = Math.sqrt(ox * ox + oy * oy) + Math.min(Math.max(qx, qy), 0)
  return Math.max(0, Math.min(1, 0.5 - (outside - radius)))
}
