import type { Database } from '@event-service/db'
import { forbidden, notFound, ok, unauthorized } from '@event-service/server-common'
import type { Kysely } from 'kysely'
import type { AdminContext, ApiBuilder } from '../openapi/api-builder.ts'
import { readLink } from '../users/user-links.ts'
import {
  AuthOptionsResponse,
  ChangePasswordBody,
  Done,
  LinkInfoResponse,
  LinkParams,
  PasswordResetBody,
  SessionResponse,
  SignInBody,
  SignUpBody,
  UseLinkBody,
} from '../users/users.schema.ts'
import { hourlyLimitOf } from './plan-limits.ts'
import {
  clearSessionCookie,
  csrfTokenOf,
  endAllSessions,
  endSession,
  findSession,
  sessionCookieOf,
  setSessionCookie,
} from './console-sessions.ts'
import type { SignInLimit } from './sign-in-limit.ts'
import { changePassword, requestPasswordReset, signIn, signUp, useLink, wrongCredentials } from './sign-in.service.ts'

/** What the sign-in routes need besides the database. */
export interface SignInDeps {
  limit: SignInLimit
  /** `CONSOLE_SIGNUP=open`. */
  signupOpen: boolean
  /** Where one-time links point: the admin server's public origin (`ADMIN_PUBLIC_URL`), else the request's. */
  consoleOrigin(ctx: AdminContext): string
  /** The embed server's public origin, for the console's snippets and previews. */
  embedUrl(): string
}

const tag = 'Console sign-in'

/** The session a cookie names, as the console reads it, or 401. */
async function sessionAnswer(db: Kysely<Database>, secret: string | undefined, deps: SignInDeps) {
  const session = secret ? await findSession(db, secret) : undefined
  if (!secret || !session) throw unauthorized('Not signed in')
  const { account, user } = session
  return {
    user: { id: user.id, email: user.email, name: user.name, role: user.role },
    account: { id: account.id, name: account.name, plan: account.plan, rate_limit: hourlyLimitOf(account) },
    csrf_token: csrfTokenOf(secret),
    embed_url: deps.embedUrl(),
  }
}

/** Signs the browser in with a new session and answers it. */
async function answerSignedIn(ctx: AdminContext, db: Kysely<Database>, secret: string, deps: SignInDeps) {
  setSessionCookie(ctx, secret)
  ctx.body = ok(await sessionAnswer(db, secret, deps))
}

/**
 * `/v1/auth/…`: signing in and out of the console (docs/console.md). Served before
 * authentication; the routes that act on a session read the cookie themselves, and those that
 * change it are protected by the same CSRF check as every other write (`authenticate`).
 */
export function signInRoutes(api: ApiBuilder, db: Kysely<Database>, deps: SignInDeps): void {
  api.route(
    {
      method: 'get',
      path: '/auth/options',
      operationId: 'getAuthOptions',
      summary: 'What the sign-in page offers',
      tag,
      access: 'public',
      responses: { 200: { description: 'Whether sign-up is open', schema: AuthOptionsResponse } },
    },
    async (ctx) => {
      ctx.body = ok({ signup: deps.signupOpen })
    },
  )
  api.route(
    {
      method: 'post',
      path: '/auth/sign-in',
      operationId: 'signIn',
      summary: 'Sign in to the console with email and password',
      description: `Sets the session cookie. 10 failed attempts per email and per client IP in 15 minutes, then 429 for every attempt.`,
      tag,
      access: 'public',
      request: { body: SignInBody },
      responses: { 200: { description: 'Signed in: the session', schema: SessionResponse } },
      errors: [401],
    },
    async (ctx, { body }) => {
      const ip = ctx.state.clientIp
      await deps.limit.check('failure', body.email, ip)
      const secret = await signIn(db, body.email, body.password)
      if (!secret) {
        await deps.limit.count('failure', body.email, ip)
        throw wrongCredentials()
      }
      await answerSignedIn(ctx, db, secret, deps)
    },
  )
  api.route(
    {
      method: 'get',
      path: '/auth/session',
      operationId: 'getConsoleSession',
      summary: 'The signed-in person, their account and the CSRF token',
      tag,
      access: 'public',
      responses: { 200: { description: 'The session', schema: SessionResponse } },
      errors: [401],
    },
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store')
      ctx.body = ok(await sessionAnswer(db, sessionCookieOf(ctx), deps))
    },
  )
  api.route(
    {
      method: 'post',
      path: '/auth/password-reset',
      operationId: 'requestPasswordReset',
      summary: 'Email a password-reset link',
      description: 'Answers 202 whether or not the address is known, so that it tells nobody who has an account.',
      tag,
      access: 'public',
      request: { body: PasswordResetBody },
      responses: { 202: { description: 'If the address is known, a link is on its way', schema: Done } },
    },
    async (ctx, { body }) => {
      // It sends email: limited, so that it cannot become a way to flood an inbox.
      await deps.limit.check('mail', body.email, ctx.state.clientIp)
      await deps.limit.count('mail', body.email, ctx.state.clientIp)
      await requestPasswordReset(db, body.email, deps.consoleOrigin(ctx))
      ctx.status = 202
      ctx.body = ok({ done: true as const })
    },
  )
  api.route(
    {
      method: 'get',
      path: '/auth/links/{token}',
      operationId: 'getLink',
      summary: 'What a one-time link is for',
      tag,
      access: 'public',
      request: { params: LinkParams },
      responses: { 200: { description: 'The link', schema: LinkInfoResponse } },
      errors: [404],
    },
    async (ctx, { params }) => {
      const link = await readLink(db, params.token)
      ctx.set('Cache-Control', 'no-store')
      ctx.body = ok({ purpose: link.purpose, email: link.user.email, account_name: link.account_name })
    },
  )
  api.route(
    {
      method: 'post',
      path: '/auth/links/{token}',
      operationId: 'useLink',
      summary: 'Use a one-time link: set the password (invitations, resets) and sign in',
      tag,
      access: 'public',
      request: { params: LinkParams, body: UseLinkBody },
      responses: { 200: { description: 'Signed in: the session', schema: SessionResponse } },
      errors: [404],
    },
    async (ctx, { params, body }) => {
      await answerSignedIn(ctx, db, await useLink(db, params.token, body.password), deps)
    },
  )
  api.route(
    {
      method: 'post',
      path: '/auth/sign-up',
      operationId: 'signUp',
      summary: 'Create an account and sign in (only when sign-up is open)',
      tag,
      access: 'public',
      request: { body: SignUpBody },
      responses: { 201: { description: 'Signed in: the session', schema: SessionResponse } },
      errors: [404, 409],
    },
    async (ctx, { body }) => {
      if (!deps.signupOpen) throw notFound('Sign-up')
      await deps.limit.check('mail', body.email, ctx.state.clientIp)
      await deps.limit.count('mail', body.email, ctx.state.clientIp)
      await answerSignedIn(ctx, db, await signUp(db, body), deps)
      ctx.status = 201
    },
  )

  // Routes of a signed-in person: behind authentication, so that the CSRF check covers them.
  api.route(
    {
      method: 'post',
      path: '/auth/sign-out',
      operationId: 'signOut',
      summary: 'Sign out of this browser',
      tag,
      access: 'read',
      responses: { 200: { description: 'Signed out', schema: Done } },
    },
    async (ctx) => {
      const user = ctx.state.caller.user
      if (user) await endSession(db, user.sessionId)
      clearSessionCookie(ctx)
      ctx.body = ok({ done: true as const })
    },
  )
  api.route(
    {
      method: 'post',
      path: '/auth/sign-out-everywhere',
      operationId: 'signOutEverywhere',
      summary: 'End every session of the signed-in person',
      tag,
      access: 'read',
      responses: { 200: { description: 'Signed out everywhere', schema: Done } },
    },
    async (ctx) => {
      const user = ctx.state.caller.user
      if (user) await endAllSessions(db, user.id)
      clearSessionCookie(ctx)
      ctx.body = ok({ done: true as const })
    },
  )
  api.route(
    {
      method: 'put',
      path: '/auth/password',
      operationId: 'changePassword',
      summary: 'Change the password (ends every session, starts a new one here)',
      tag,
      access: 'read',
      request: { body: ChangePasswordBody },
      responses: { 200: { description: 'The new session', schema: SessionResponse } },
    },
    async (ctx, { body }) => {
      const user = ctx.state.caller.user
      if (!user) throw forbidden('Only a person signed in to the console has a password')
      await answerSignedIn(ctx, db, await changePassword(db, user, body.current_password, body.new_password), deps)
    },
  )
}
