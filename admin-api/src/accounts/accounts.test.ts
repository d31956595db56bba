import { randomUUID } from 'node:crypto'
import type { DbHandle } from '@event-service/db'
import { ApiError, hashSecret, isWellFormedSecret } from '@event-service/server-common'
import { createTestDb, DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ZodError } from 'zod'
import { createAccount, createApiKey, listApiKeys, revokeApiKey } from './accounts.service.ts'

/** The status and code an error would be answered with, to assert on both. */
async function failure(promise: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  try {
    await promise
  } catch (err) {
    if (err instanceof ApiError) return { status: err.status, code: err.code, message: err.message }
    if (err instanceof ZodError)
      return { status: 400, code: 'VALIDATION_ERROR', message: err.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') }
    throw err
  }
  throw new Error('expected a failure')
}

describe.each(DIALECTS)('accounts and API keys on %s', (dialect) => {
  let handle: DbHandle
  beforeAll(async () => {
    handle = await createTestDb(dialect)
  })
  afterAll(() => handle?.close())

  it('creates an account with a first key stored only as hash and prefix', async () => {
    const { account_id, api_key } = await createAccount(handle.db, { name: 'Acme', plan: 'free' })
    expect(isWellFormedSecret(api_key, 'sk')).toBe(true)
    const row = await handle.db.selectFrom('api_keys').selectAll().where('account_id', '=', account_id).executeTakeFirstOrThrow()
    expect(row.key_hash).toBe(hashSecret(api_key))
    expect(row.prefix).toBe(api_key.slice(0, 12))
    expect(JSON.stringify(row)).not.toContain(api_key)
  })

  it('stores the plan and an optional rate-limit override', async () => {
    const { account_id } = await createAccount(handle.db, { name: 'Über GmbH', plan: 'starter', rateLimit: 50 })
    const account = await handle.db.selectFrom('accounts').selectAll().where('id', '=', account_id).executeTakeFirstOrThrow()
    expect(account).toMatchObject({ name: 'Über GmbH', plan: 'starter', rate_limit: 50 })
  })

  it('requires a rate limit for the enterprise plan', async () => {
    const err = await failure(createAccount(handle.db, { name: 'Big Co', plan: 'enterprise' }))
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' })
    expect(err.message).toContain('rateLimit')
  })

  it('accepts an enterprise account with a rate limit', async () => {
    const { account_id } = await createAccount(handle.db, { name: 'Big Co', plan: 'enterprise', rateLimit: 123_456 })
    const account = await handle.db.selectFrom('accounts').select('rate_limit').where('id', '=', account_id).executeTakeFirstOrThrow()
    expect(account.rate_limit).toBe(123_456)
  })

  it.each([
    ['an empty name', { name: '  ', plan: 'free' }],
    ['a name of 201 characters', { name: 'x'.repeat(201), plan: 'free' }],
    ['an unknown plan', { name: 'A', plan: 'gold' }],
    ['a rate limit of 0', { name: 'A', plan: 'pro', rateLimit: 0 }],
    ['a fractional rate limit', { name: 'A', plan: 'pro', rateLimit: 1.5 }],
    ['a NUL in the name', { name: 'A\u0000B', plan: 'pro' }],
  ])('refuses %s', async (_, input) => {
    expect(await failure(createAccount(handle.db, input as never))).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' })
  })

  it('creates further keys, each listed by prefix only', async () => {
    const { account_id, api_key: first } = await createAccount(handle.db, { name: 'Keys Inc', plan: 'pro' })
    const { key_id, api_key } = await createApiKey(handle.db, { accountId: account_id, name: 'CI key' })
    expect(api_key).not.toBe(first)
    const keys = await listApiKeys(handle.db, account_id)
    expect(keys.map((k) => k.name)).toEqual(['Default key', 'CI key'])
    expect(keys[1]).toMatchObject({ id: key_id, prefix: api_key.slice(0, 12), last_used_at: null, revoked_at: null })
    expect(JSON.stringify(keys)).not.toContain(api_key)
  })

  it('answers NOT_FOUND for a key on an unknown account', async () => {
    expect(await failure(createApiKey(handle.db, { accountId: randomUUID(), name: 'x' }))).toMatchObject({ status: 404, code: 'NOT_FOUND' })
  })

  it('answers NOT_FOUND when listing the keys of an unknown account', async () => {
    expect(await failure(listApiKeys(handle.db, randomUUID()))).toMatchObject({ status: 404, code: 'NOT_FOUND' })
  })

  it('answers VALIDATION_ERROR for an account id that is not a UUID', async () => {
    expect(await failure(createApiKey(handle.db, { accountId: 'acme', name: 'x' }))).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
    })
  })

  it('revokes a key once, and refuses a second revoke with CONFLICT', async () => {
    const { account_id } = await createAccount(handle.db, { name: 'Revokers', plan: 'free' })
    const { key_id } = await createApiKey(handle.db, { accountId: account_id, name: 'temp' })
    const revoked = await revokeApiKey(handle.db, key_id)
    expect(revoked.id).toBe(key_id)
    expect(revoked.revoked_at).toBeInstanceOf(Date)
    const again = await failure(revokeApiKey(handle.db, key_id))
    expect(again).toMatchObject({ status: 409, code: 'CONFLICT' })
    expect(again.message).toContain('already revoked')
  })

  it('answers NOT_FOUND when revoking an unknown key', async () => {
    expect(await failure(revokeApiKey(handle.db, randomUUID()))).toMatchObject({ status: 404, code: 'NOT_FOUND' })
  })
})
