import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto'

export type HashParameters = Required<Pick<ScryptOptions, 'cost' | 'blockSize' | 'parallelization'>>

// scrypt with OWASP's current parameters (N=2^17, r=8, p=1: 128 MiB and a few hundred ms per
// hash); the parameters are stored with each hash so they can be raised later.
const current: HashParameters = { cost: 2 ** 17, blockSize: 8, parallelization: 1 }
const keyLength = 32

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      keyLength,
      { ...options, maxmem: 256 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    )
  })
}

/** A hash with OWASP's parameters; test fixtures may ask for cheaper ones (checks read them). */
export async function hashPassword(
  password: string,
  parameters: HashParameters = current,
): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, parameters)
  const { cost, blockSize, parallelization } = parameters
  return `scrypt$${cost}$${blockSize}$${parallelization}$${salt.toString('base64url')}$${key.toString('base64url')}`
}

// A hash of nothing anyone knows: checking a password against it when the account does not exist
// takes as long as a real check, so timing does not tell which emails have accounts.
const decoy = hashPassword(randomBytes(16).toString('hex'))

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, cost, blockSize, parallelization, salt, key] = (stored ?? (await decoy)).split('$')
  if (scheme !== 'scrypt' || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    cost: Number(cost),
    blockSize: Number(blockSize),
    parallelization: Number(parallelization),
  })
  return stored !== null && actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** A password for generated accounts: 20 characters, about 120 bits. */
export function generatePassword(): string {
  return randomBytes(15).toString('base64url')
}
