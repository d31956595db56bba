import { createHash, randomInt } from 'node:crypto'
import { crc32 } from 'node:zlib'

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const RANDOM_LENGTH = 30
const CHECKSUM_LENGTH = 6
/** How much of a secret is kept in clear, to recognise it in listings. */
export const SECRET_PREFIX_LENGTH = 12

/** `emb` for embed tokens, `sk` for API keys, `sess` for console sessions, `link` for one-time links. */
export type SecretKind = 'emb' | 'sk' | 'sess' | 'link'

function base62(n: number, width: number): string {
  let out = ''
  for (let rest = n; rest > 0; rest = Math.floor(rest / 62)) out = BASE62[rest % 62] + out
  return out.padStart(width, '0')
}

function checksum(random: string): string {
  return base62(crc32(random), CHECKSUM_LENGTH)
}

/**
 * A new secret in GitHub's token format: `kind_` + 30 random base62 characters + a 6-character
 * base62 CRC32 of those 30, so that look-alikes are rejected without a database lookup.
 *
 * @example
 * generateSecret('emb') // 'emb_3kTq…Xy0c9Ab'
 */
export function generateSecret(kind: SecretKind): string {
  let random = ''
  for (let i = 0; i < RANDOM_LENGTH; i++) random += BASE62[randomInt(62)]
  return `${kind}_${random}${checksum(random)}`
}

/** Whether `value` has the shape and checksum of a secret of this kind (no lookup involved). */
export function isWellFormedSecret(value: string, kind: SecretKind): boolean {
  const body = value.startsWith(`${kind}_`) ? value.slice(kind.length + 1) : ''
  if (body.length !== RANDOM_LENGTH + CHECKSUM_LENGTH || !/^[0-9A-Za-z]+$/.test(body)) return false
  return checksum(body.slice(0, RANDOM_LENGTH)) === body.slice(RANDOM_LENGTH)
}

/** SHA-256 (hex): the only form in which secrets are stored and compared. */
export function hashSecret(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

/** The part of a secret shown again after creation. */
export function secretPrefix(value: string): string {
  return value.slice(0, SECRET_PREFIX_LENGTH)
}
