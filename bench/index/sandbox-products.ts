import { seedProductSplit } from '../../server/sandbox/seed/seed.ts'

/** The sandbox's product count that gives the demo business (the one indexed) `wanted`. */
export function sandboxProductsFor(wanted: number): number {
  let total = wanted
  for (;;) {
    const { euCount, mainCount } = seedProductSplit(total)
    if (euCount + mainCount >= wanted) return total
    total++
  }
}
