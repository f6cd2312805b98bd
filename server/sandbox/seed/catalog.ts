import type { Random } from './random.ts'

export interface SeedUnit {
  name: string
  options: Array<{ name: string; value: string }>
  price: number
  original_price: number | null
  quantity: number
  sku: string
  external_id: string
  gtin: string
  mpn: string
  barcode: string
}

export interface SeedProduct {
  external_id: string
  name: string
  handle: string
  brand: string
  category: string
  description: string
  subtitle: string
  options: Array<{ name: string; values: string[] }>
  units: SeedUnit[]
}

const lines: Array<{
  category: string
  items: string[]
  option: { name: string; values: string[] }
  price: [number, number]
}> = [
  {
    category: 'Apparel',
    items: [
      'Linen Summer Dress',
      'Organic Cotton Tee',
      'Relaxed Denim Jacket',
      'Merino Wool Sweater',
      'Pleated Midi Skirt',
      'Silk Button Shirt',
      'Cropped Wide Trousers',
      'Puffer Vest',
    ],
    option: { name: 'Size', values: ['XS', 'S', 'M', 'L', 'XL'] },
    price: [29, 189],
  },
  {
    category: 'Footwear',
    items: [
      'Trail Running Shoe',
      'Leather Chelsea Boot',
      'Canvas Low Sneaker',
      'Suede Loafer',
      'Recycled Slide Sandal',
    ],
    option: { name: 'Size', values: ['38', '39', '40', '41', '42', '43', '44'] },
    price: [59, 229],
  },
  {
    category: 'Beauty',
    items: [
      'Vitamin C Serum',
      'Hydrating Face Cream',
      'Matte Lip Tint',
      'Overnight Repair Mask',
      'Mineral Sunscreen SPF 50',
      'Volumizing Mascara',
    ],
    option: { name: 'Shade', values: ['Light', 'Medium', 'Deep'] },
    price: [14, 79],
  },
  {
    category: 'Home',
    items: [
      'Stoneware Coffee Mug',
      'Linen Tote Bag',
      'Soy Candle Cedar',
      'Waffle Bath Towel',
      'Ceramic Planter',
    ],
    option: { name: 'Color', values: ['Sand', 'Sage', 'Charcoal', 'Terracotta'] },
    price: [12, 89],
  },
  {
    category: 'Electronics',
    items: [
      'Studio Wireless Headphones',
      'Pocket Bluetooth Speaker',
      'Magnetic Phone Charger',
      'Noise Cancelling Earbuds',
    ],
    option: { name: 'Color', values: ['Black', 'White', 'Midnight Blue'] },
    price: [39, 349],
  },
  {
    category: 'Accessories',
    items: [
      'Polarized Sunglasses',
      'Woven Straw Hat',
      'Leather Card Wallet',
      'Minimal Steel Watch',
      'Silk Hair Scarf',
    ],
    option: { name: 'Color', values: ['Black', 'Tortoise', 'Gold', 'Ivory'] },
    price: [19, 259],
  },
]

const brands = ['Aurora', 'Northwind', 'Solstice', 'Kindred', 'Maison Lune', 'Field & Pine', 'Vela']

// A valid GTIN-13 / UPC-12 check digit, so identifiers look and validate like real ones.
function withCheckDigit(digits: string): string {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i])
    sum += i % 2 === 0 ? digit * 3 : digit
  }
  return digits + String((10 - (sum % 10)) % 10)
}

export function buildCatalog(random: Random, prefix: string, count: number): SeedProduct[] {
  const products: SeedProduct[] = []
  for (let n = 0; products.length < count; n++) {
    const line = lines[n % lines.length] as (typeof lines)[number]
    const item = line.items[Math.floor(n / lines.length) % line.items.length] as string
    const brand = random.pick(brands)
    const round = Math.floor(n / (lines.length * 4))
    const name = round === 0 ? item : `${item} ${['II', 'Pro', 'Lite', 'Classic'][round % 4]}`
    const number = String(n + 1).padStart(4, '0')
    const values = random.sample(
      line.option.values,
      random.int(1, Math.min(4, line.option.values.length)),
    )
    const base = random.int(line.price[0], line.price[1])
    const units = values.map((value, index): SeedUnit => {
      const code = `${prefix}-${number}-${value.replace(/\W+/g, '').slice(0, 3).toUpperCase()}`
      const discounted = random.chance(0.3)
      return {
        name: `${name} / ${value}`,
        options: [{ name: line.option.name, value }],
        price: discounted ? Math.round(base * 0.8) - 0.01 : base - 0.01,
        original_price: discounted ? base - 0.01 : null,
        quantity: random.int(0, 250),
        sku: code,
        external_id: `${prefix.toLowerCase()}-unit-${number}-${index + 1}`,
        gtin: withCheckDigit(`40${String(random.int(1e9, 9e9))}${index}`.slice(0, 12)),
        mpn: `MPN-${brand.slice(0, 3).toUpperCase()}${number}${index}`,
        barcode: withCheckDigit(`0${String(random.int(1e9, 9e9))}`.slice(0, 11)),
      }
    })
    products.push({
      external_id: `${prefix.toLowerCase()}-prod-${number}`,
      name,
      handle: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      brand,
      category: line.category,
      subtitle: `${brand} ${line.category.toLowerCase()}`,
      description: `${name} by ${brand}. ${describe(line.category)}`,
      options: [{ name: line.option.name, values }],
      units,
    })
  }
  return products
}

function describe(category: string): string {
  switch (category) {
    case 'Apparel':
      return 'Breathable fabric, easy fit, made to layer from summer into autumn.'
    case 'Footwear':
      return 'Cushioned sole and grippy outsole for city streets and weekend trails.'
    case 'Beauty':
      return 'Dermatologist tested skincare with a light, fast-absorbing texture.'
    case 'Home':
      return 'Small-batch homeware that makes everyday rituals feel special.'
    case 'Electronics':
      return 'Long battery life, fast pairing and a sound you can feel.'
    default:
      return 'A finishing touch that goes with everything.'
  }
}
