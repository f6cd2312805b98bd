import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto'
import { argon2id, needsRehash as argon2NeedsRehash, hash, verify } from 'argon2'

// argon2id with OWASP's setting (19 MiB, 2 passes, 1 lane): about 0.1 s a check on the 2-core
// reference machine, against 0.8 s and 128 MiB for the scrypt this replaced (decision 0013).
// The parameters travel in each hash (PHC format), so they can be raised later.
const current = { type: argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const

export async function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFKC'), current)
}

// A hash of nothing anyone knows: checking a password against it when the account does not exist
// takes as long as a real check, so timing does not tell which emails have accounts.
const decoy = hashPassword(randomBytes(16).toString('hex'))

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const against = stored ?? (await decoy)
  const valid = against.startsWith('scrypt$')
    ? await verifyScrypt(password, against)
    : await verify(against, password.normalize('NFKC')).catch(() => false)
  return stored !== null && valid
}

/** Whether a stored hash is weaker than today's setting, to be hashed again at the next sign-in. */
export const needsRehash = (stored: string) =>
  !stored.startsWith('$argon2id$') || argon2NeedsRehash(stored, current)

// Hashes stored before argon2id: `scrypt$N$r$p$salt$key`, checked until their owners sign in.
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, cost, blockSize, parallelization, salt, key] = stored.split('$')
  if (!salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const options: ScryptOptions = {
    cost: Number(cost),
    blockSize: Number(blockSize),
    parallelization: Number(parallelization),
    maxmem: 256 * 1024 * 1024,
  }
  const actual = await new Promise<Buffer | null>((resolve) => {
    scrypt(
      password.normalize('NFKC'),
      Buffer.from(salt, 'base64url'),
      expected.length,
      options,
      (error, derived) => resolve(error ? null : derived),
    )
  })
  return actual !== null && actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** A password for generated accounts: 20 characters, about 120 bits. */
export function generatePassword(): string {
  return randomBytes(15).toString('base64url')
}
