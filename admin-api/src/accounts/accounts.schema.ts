import { PLANS } from '@event-service/db/tables/accounts.ts'
import { z } from 'zod'

const uuid = z.uuid()
// Postgres cannot store NUL; refusing it here gives a clear error instead of a driver error.
const name = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters')
  .refine((v) => !v.includes('\u0000'), 'must not contain a NUL character')

/** Input of `createAccount`. Enterprise accounts have no default limit, so they must bring one. */
export const CreateAccountInput = z
  .object({
    name,
    plan: z.enum(PLANS),
    rateLimit: z.number().int('must be an integer').positive('must be a positive integer').max(2_147_483_647).optional(),
  })
  .strict()
  .refine((a) => a.plan !== 'enterprise' || a.rateLimit !== undefined, {
    path: ['rateLimit'],
    message: 'is required for the enterprise plan (requests per hour)',
  })
export type CreateAccountInput = z.input<typeof CreateAccountInput>

/** Input of `createApiKey`. */
export const CreateApiKeyInput = z.object({ accountId: uuid, name }).strict()
export type CreateApiKeyInput = z.input<typeof CreateApiKeyInput>

export const AccountId = uuid
export const ApiKeyId = uuid
