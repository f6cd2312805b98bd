// A small deterministic PRNG (mulberry32), so the demo data is the same on every machine.
export function createRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <Item>(list: readonly Item[]): Item => list[Math.floor(next() * list.length)] as Item,
    chance: (p: number) => next() < p,
    sample: <Item>(list: readonly Item[], count: number): Item[] => {
      const copy = [...list]
      const out: Item[] = []
      while (out.length < count && copy.length > 0)
        out.push(copy.splice(Math.floor(next() * copy.length), 1)[0] as Item)
      return out
    },
  }
}

export type Random = ReturnType<typeof createRandom>
