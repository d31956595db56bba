import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * scrypt parameters: N = 2^15, r = 8 takes 32 MiB and tens of milliseconds per hash, which makes
 * guessing costly on GPUs (OWASP's minimum for scrypt is N = 2^17 with r = 8 at p = 1, or an
 * equivalent; 2^15 keeps sign-in quick on two small cores, and the parameters are stored with each
 * hash so that they can be raised later without resetting anyone).
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const
const KEY_LENGTH = 32
const SALT_BYTES = 16

/** At least this many characters (NIST SP 800-63B asks for length, not composition rules). */
export const MIN_PASSWORD_LENGTH = 10
export const MAX_PASSWORD_LENGTH = 200

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  // Node's default memory cap (32 MiB) is exactly 128·N·r: leave headroom for its bookkeeping.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r }
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  )
}

/**
 * A self-describing hash: `scrypt$N$r$p$salt$key` (base64url).
 *
 * @example
 * const stored = await hashPassword('correct horse battery')
 * await verifyPassword('correct horse battery', stored) // true
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(password, salt, PARAMS)
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** Whether `password` matches `stored`; a malformed or missing hash matches nothing. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = (stored ?? '').split('$')
  if (scheme !== 'scrypt' || !salt || !key) {
    // Spend the same time as a real check, so that timing does not tell unknown emails apart.
    await derive(password, DUMMY_SALT, PARAMS)
    return false
  }
  const expected = Buffer.from(key, 'base64url')
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

const DUMMY_SALT = randomBytes(SALT_BYTES)

/**
 * What is wrong with a new password, or undefined: long enough, not too long, and not the email
 * itself (the only checks NIST recommends that need no list of breached passwords).
 */
export function passwordProblem(password: string, email: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters`
  if (password.length > MAX_PASSWORD_LENGTH) return `must be at most ${MAX_PASSWORD_LENGTH} characters`
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) return 'must not be your email address'
  return undefined
}
