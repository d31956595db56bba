import { API_KEY_SCOPES, PLANS, ROLES } from '@event-service/db'
import { dataEnvelope, pageEnvelope } from '../common/envelopes.ts'
import { email, optionalText, requiredText, uuid } from '../common/fields.ts'
import { listQuery } from '../common/list-query.ts'
import { z } from '../openapi/zod.ts'

const role = z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` }).openapi({
  description: '`owner`: everything; `editor`: everything but people, API keys and the account; `viewer`: reads only',
})

/** Passwords are checked by `passwordProblem` (it needs the email too); here only their type. */
const password = z
  .string()
  .max(1000, 'must be at most 1000 characters')
  .openapi({ format: 'password', description: 'At least 10 characters' })

export const User = z
  .object({
    id: uuid,
    email: z.string(),
    name: z.string().nullable(),
    role,
    status: z.enum(['invited', 'active']).openapi({ description: '`invited` until the person sets a password or signs in' }),
    created_at: z.string(),
    last_sign_in_at: z.string().nullable(),
  })
  .openapi('User')
export type User = z.infer<typeof User>

export const InviteUserBody = z
  .object({ email, role: role.default('editor'), name: optionalText(200) })
  .strict()
  .openapi('InviteUserRequest')
export type InviteUserBody = z.output<typeof InviteUserBody>

/** `users invite` on the command line. */
export const InviteUserInput = z.object({ accountId: uuid, email, role: role.default('owner') }).strict()

export const InvitedUser = User.extend({
  sign_in_url: z.string().openapi({ description: 'The one-time link (24 h) where the person sets a password; shown only here' }),
}).openapi('InvitedUser')

export const UpdateUserBody = z
  .object({ role, name: optionalText(200) })
  .partial()
  .strict()
  .openapi('UpdateUserRequest')
export type UpdateUserBody = z.output<typeof UpdateUserBody>

export const ListUsersQuery = listQuery({
  sortFields: ['email', 'name', 'role', 'created_at'] as const,
  defaultSort: 'created_at',
}).strict()
export type ListUsersQuery = z.output<typeof ListUsersQuery>

export const UserResponse = dataEnvelope('UserResponse', User)
export const InvitedUserResponse = dataEnvelope('InvitedUserResponse', InvitedUser)
export const UserListResponse = pageEnvelope('UserListResponse', User)

/** The caller's account, as the console's settings show it. */
export const Account = z
  .object({
    id: uuid,
    name: z.string(),
    plan: z.enum(PLANS),
    rate_limit: z.number().int().openapi({ description: "API requests per hour (the plan's, or the account's own)" }),
    created_at: z.string(),
  })
  .openapi('Account')
export const AccountResponse = dataEnvelope('AccountResponse', Account)
export const UpdateAccountBody = z
  .object({ name: requiredText(200) })
  .partial()
  .strict()
  .openapi('UpdateAccountRequest')

export const ApiKey = z
  .object({
    id: uuid,
    name: z.string(),
    prefix: z.string().openapi({ description: 'The first 12 characters of the key, to recognise it' }),
    scope: z.enum(API_KEY_SCOPES).openapi({ description: '`write`: everything; `read`: reads only (403 on writes)' }),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
  })
  .openapi('ApiKey')
export const CreatedApiKey = ApiKey.extend({
  api_key: z.string().openapi({ description: 'The key itself (`sk_…`): shown only here' }),
}).openapi('CreatedApiKey')
export const CreateApiKeyBody = z
  .object({ name: requiredText(200), scope: z.enum(API_KEY_SCOPES).default('write') })
  .strict()
  .openapi('CreateApiKeyRequest')
export const ListApiKeysQuery = listQuery({ sortFields: ['created_at', 'name', 'last_used_at'] as const, defaultSort: 'created_at' })
  .extend({
    include_revoked: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .transform((v) => v === 'true')
      .optional()
      .openapi({ description: 'Also list revoked keys (default false)' }),
  })
  .strict()
export const ApiKeyResponse = dataEnvelope('ApiKeyResponse', ApiKey)
export const CreatedApiKeyResponse = dataEnvelope('CreatedApiKeyResponse', CreatedApiKey)
export const ApiKeyListResponse = pageEnvelope('ApiKeyListResponse', ApiKey)

// Signing in (`/v1/auth/…`).

export const SignInBody = z.object({ email, password }).strict().openapi('SignInRequest')
export const PasswordResetBody = z.object({ email }).strict().openapi('PasswordResetRequest')
export const UseLinkBody = z.object({ password: password.optional() }).strict().openapi('UseLinkRequest')
export const ChangePasswordBody = z.object({ current_password: password, new_password: password }).strict().openapi('ChangePasswordRequest')
export const SignUpBody = z
  .object({ account_name: requiredText(200), email, password, name: optionalText(200) })
  .strict()
  .openapi('SignUpRequest')
export const LinkParams = z.object({ token: z.string().max(100).openapi({ description: 'The secret of a one-time link (`link_…`)' }) })

export const Session = z
  .object({
    user: z.object({ id: uuid, email: z.string(), name: z.string().nullable(), role }),
    account: z.object({ id: uuid, name: z.string(), plan: z.enum(PLANS), rate_limit: z.number().int() }),
    csrf_token: z.string().openapi({ description: 'Send it as `X-CSRF-Token` with every request that changes something' }),
    embed_url: z.string().openapi({ description: "The embed server's public origin, where widgets and their loader are served" }),
  })
  .openapi('ConsoleSession')
export const SessionResponse = dataEnvelope('ConsoleSessionResponse', Session)

export const LinkInfo = z
  .object({
    purpose: z.enum(['invite', 'reset', 'sign_in']),
    email: z.string(),
    account_name: z.string(),
  })
  .openapi('LinkInfo')
export const LinkInfoResponse = dataEnvelope('LinkInfoResponse', LinkInfo)
export const AuthOptionsResponse = dataEnvelope(
  'AuthOptionsResponse',
  z.object({ signup: z.boolean().openapi({ description: 'Whether anyone may create an account (`CONSOLE_SIGNUP=open`)' }) }),
)
export const Done = dataEnvelope('DoneResponse', z.object({ done: z.literal(true) }))
