import { availableParallelism } from 'node:os'

export interface PasswordCheckQueueOptions {
  /** Checks run at once, across all addresses. */
  concurrency?: number
  /** Checks one address may have waiting; more are refused. */
  maxWaitingPerAddress?: number
  /** Checks waiting in all; more are refused. */
  maxWaiting?: number
}

// Each argon2id check takes 19 MiB and a core for about 0.1 s on Node's threadpool,
// whose 4 threads also serve file reads, DNS lookups and compression. At most 2 run at once (1
// on a single core), so half the pool stays free for everything else. An address runs one
// check at a time: a burst from one address queues behind itself, and another address finds
// the second slot free, or is next. 8 waiting per address covers an office behind one NAT
// signing in together (about 1 s of checks); 64 in all bounds the memory held by waiting work.
const defaults = {
  concurrency: Math.max(1, Math.min(2, availableParallelism())),
  maxWaitingPerAddress: 8,
  maxWaiting: 64,
}

interface Waiting {
  start(): void
}

interface AddressTurn {
  running: number
  waiting: Waiting[]
  /** When this address last started a check (0: not while it has been here). */
  lastStarted: number
}

/**
 * A queue for password checks that serves client addresses in turn: whenever a slot frees, the
 * waiting address that started a check least recently goes next, so one address's backlog never
 * delays another's sign-in by more than the checks already running.
 */
export function createPasswordCheckQueue(options: PasswordCheckQueueOptions = {}) {
  const { concurrency, maxWaitingPerAddress, maxWaiting } = { ...defaults, ...options }
  const turns = new Map<string, AddressTurn>()
  let running = 0
  let waiting = 0
  let started = 0

  function next(): [string, AddressTurn] | undefined {
    let chosen: [string, AddressTurn] | undefined
    for (const entry of turns) {
      const [, turn] = entry
      if (turn.running > 0 || turn.waiting.length === 0) continue
      if (!chosen || turn.lastStarted < chosen[1].lastStarted) chosen = entry
    }
    return chosen
  }

  function startWaiting() {
    while (running < concurrency) {
      const chosen = next()
      if (!chosen) return
      const [, turn] = chosen
      const check = turn.waiting.shift()
      if (!check) return
      waiting -= 1
      check.start()
    }
  }

  function run<T>(address: string, check: () => Promise<T>): Promise<T> | null {
    const turn = turns.get(address) ?? { running: 0, waiting: [], lastStarted: 0 }
    const startsNow = running < concurrency && turn.running === 0 && turn.waiting.length === 0
    if (!startsNow && (turn.waiting.length >= maxWaitingPerAddress || waiting >= maxWaiting))
      return null
    turns.set(address, turn)
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        running += 1
        turn.running += 1
        turn.lastStarted = ++started
        new Promise<T>((checked) => checked(check())).then(resolve, reject).finally(() => {
          running -= 1
          turn.running -= 1
          if (turn.running === 0 && turn.waiting.length === 0) turns.delete(address)
          startWaiting()
        })
      }
      if (startsNow) start()
      else {
        turn.waiting.push({ start })
        waiting += 1
      }
    })
  }

  return {
    /**
     * Runs `check` in `address`'s turn and gives its result, or null at once when the queue is
     * full (the caller answers 503).
     */
    run,
    sizes: () => ({ running, waiting }),
  }
}

export type PasswordCheckQueue = ReturnType<typeof createPasswordCheckQueue>
