import { OpenAPIRegistry, OpenApiGeneratorV3, type RouteConfig } from '@asteasolutions/zod-to-openapi'
import Router from '@koa/router'
import { ApiError, type InputSchemas, type ParsedInput, validated } from '@event-service/server-common'
import type { RouterContext } from '@koa/router'
import type { z } from 'zod'
import type { AdminState } from '../auth/auth-state.ts'
import { type Access, assertAllowed, defaultAccess } from '../auth/permissions.ts'
import { ErrorEnvelope } from '../common/envelopes.ts'
import { jsonBody } from '../common/json-body.ts'

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** Error statuses a route may document beyond the ones every keyed route has. */
type RouteErrorStatus = 401 | 403 | 404 | 409

/** One endpoint: its documentation, its input schemas and its success responses. */
export interface RouteSpec<S extends RouteInputs> {
  method: Method
  /** OpenAPI-style path under `/v1`, e.g. `/speakers/{id}`. */
  path: string
  operationId: string
  summary: string
  description?: string
  tag: string
  request?: S
  /** `alternatives`: other media types the same status answers with, by `Accept` (e.g. `text/csv`). */
  responses: Partial<Record<200 | 201 | 202, { description: string; schema: z.ZodType; alternatives?: Record<string, z.ZodType> }>>
  /** Errors specific to this route; 400, 401, 403, 429 and 500 (and 413/415 with a body) are added. */
  errors?: RouteErrorStatus[]
  /**
   * Who may call it (`auth/permissions.ts`): by default `read` for GET and `write` otherwise;
   * `public` routes (signing in) take no key or session and are served before authentication.
   */
  access?: Access | 'public'
}

/** Request schemas the OpenAPI generator can document: params and query are zod objects. */
type RouteParameter = NonNullable<RouteConfig['request']>['params']
export type RouteInputs = InputSchemas & { params?: RouteParameter; query?: RouteParameter }

/** The context of every keyed route. */
export type AdminContext = RouterContext<AdminState>

export type Handler<S extends RouteInputs> = (ctx: AdminContext, input: ParsedInput<S>) => Promise<void>

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request (`VALIDATION_ERROR`, `INVALID_JSON`); `details.fields` lists each invalid input',
  401: 'Missing, unknown or revoked API key, or no console session (`UNAUTHORIZED`)',
  403: 'The key is read-only, the role may not do this, or a console request lacks its CSRF token (`FORBIDDEN`)',
  404: 'Not found, or belongs to another account (`NOT_FOUND`)',
  409: 'Conflicts with the current state (`CONFLICT`; `SOLD_OUT` when no place of the ticket is left)',
  413: 'Body larger than 1 MiB (`PAYLOAD_TOO_LARGE`)',
  415: 'Body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`)',
  429: 'Rate limit of the account exceeded (`RATE_LIMIT_EXCEEDED`); see `Retry-After`',
  500: 'Unexpected error (`INTERNAL_ERROR`); the `X-Request-Id` identifies it in our logs',
}

const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': { description: 'Requests allowed per hour for the account', schema: { type: 'integer' as const } },
  'X-RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer' as const } },
  'X-RateLimit-Reset': { description: 'Unix time (seconds) when the window resets', schema: { type: 'integer' as const } },
  'X-Request-Id': { description: 'Identifies the request in our logs', schema: { type: 'string' as const } },
}

const LOCATION_HEADER = {
  Location: { description: 'The URL of the created resource (`/v1/<resources>/<id>`)', schema: { type: 'string' as const } },
}

const json = (schema: z.ZodType) => ({ 'application/json': { schema } })

/**
 * `Location` of a resource a route created: the collection's path and the new id (`/v1/speakers/…`),
 * where `GET` reads it. Relative, so that it holds behind any host or proxy that keeps the path.
 */
export function locationOf(collectionPath: string, id: string): string {
  return `/v1${collectionPath}/${encodeURIComponent(id)}`
}

/** Every 201 of a route on a collection names what it created: the one place `Location` is set. */
function withLocation<S extends RouteInputs>(collectionPath: string, handler: Handler<S>): Handler<S> {
  return async (ctx, input) => {
    await handler(ctx, input)
    const id = (ctx.body as { data?: { id?: unknown } } | undefined)?.data?.id
    if (ctx.status === 201 && typeof id === 'string') ctx.set('Location', locationOf(collectionPath, id))
  }
}

/**
 * Declares each endpoint once: the Koa route (validated with the request schemas) and its
 * OpenAPI operation (documented from the same schemas), so the two cannot drift apart.
 *
 * @example
 * api.route({ method: 'get', path: '/speakers/{id}', operationId: 'getSpeaker', …, request: { params: IdParams } },
 *   async (ctx, { params }) => { ctx.body = ok(present(await getSpeaker(db, ctx.state.account.id, params.id))) })
 */
export class ApiBuilder {
  /** Routes behind authentication. */
  readonly router = new Router<AdminState>({ prefix: '/v1' })
  /** `public` routes (signing in), served before authentication. */
  readonly publicRouter = new Router<AdminState>({ prefix: '/v1' })
  readonly registry = new OpenAPIRegistry()

  constructor() {
    this.registry.registerComponent('securitySchemes', 'bearerAuth', {
      type: 'http',
      scheme: 'bearer',
      description: 'An API key (`sk_…`), created in the console (Settings → API keys) or with `npm run admin -- keys create`',
    })
    this.registry.registerComponent('securitySchemes', 'consoleSession', {
      type: 'apiKey',
      in: 'cookie',
      name: 'console_session',
      description: "The console's session cookie; requests that change something also need `X-CSRF-Token` and a same-origin `Origin`",
    })
  }

  route<S extends RouteInputs>(spec: RouteSpec<S>, handler: Handler<S>): void {
    const { request = {} as S } = spec
    const hasBody = request.body !== undefined
    const isPublic = spec.access === 'public'
    const access: Access = spec.access === 'public' || spec.access === undefined ? defaultAccess(spec.method) : spec.access
    const guarded = [...(isPublic ? [] : [401, 403])]
    const errorStatuses = [...new Set([400, ...guarded, ...(spec.errors ?? []), ...(hasBody ? [413, 415] : []), 429, 500])].sort()
    const responses: RouteConfig['responses'] = {}
    for (const [status, r] of Object.entries(spec.responses)) {
      // A public 201 (a sign-up) makes no resource of its own to read back.
      const headers = status === '201' && !isPublic ? { ...RATE_LIMIT_HEADERS, ...LOCATION_HEADER } : RATE_LIMIT_HEADERS
      const alternatives = Object.fromEntries(Object.entries(r.alternatives ?? {}).map(([type, schema]) => [type, { schema }]))
      responses[status] = { description: r.description, headers, content: { ...json(r.schema), ...alternatives } }
    }
    for (const status of errorStatuses) {
      responses[status] = { description: ERROR_DESCRIPTIONS[status] ?? 'Error', content: json(ErrorEnvelope) }
    }
    this.registry.registerPath({
      method: spec.method,
      path: spec.path,
      operationId: spec.operationId,
      summary: spec.summary,
      ...(spec.description ? { description: spec.description } : {}),
      tags: [spec.tag],
      security: isPublic ? [] : [{ bearerAuth: [] }, { consoleSession: [] }],
      request: {
        ...(request.params ? { params: request.params } : {}),
        ...(request.query ? { query: request.query } : {}),
        ...(request.body ? { body: { required: true, content: json(request.body) } } : {}),
      },
      responses,
    })
    const koaPath = spec.path.replace(/\{(\w+)\}/g, ':$1')
    const handle = validated<S, AdminContext>(request, spec.responses[201] && !isPublic ? withLocation(spec.path, handler) : handler)
    const router = isPublic ? this.publicRouter : this.router
    // Checked before the body is read: a caller who may not write is refused without parsing it.
    const allowed = async (ctx: AdminContext, next: () => Promise<unknown>) => {
      if (!isPublic) assertAllowed(ctx.state.caller, access)
      await next()
    }
    // Only routes that take a body parse one, so a wrong method or path is 405/404, never 415.
    if (hasBody) router[spec.method](koaPath, allowed, jsonBody(), handle)
    else router[spec.method](koaPath, allowed, handle)
  }

  /** The OpenAPI 3.0 document of every route declared so far. */
  document(): object {
    return new OpenApiGeneratorV3(this.registry.definitions).generateDocument({
      openapi: '3.0.3',
      info: {
        title: 'Event service admin API',
        version: '1.0.0',
        description:
          'Keyed management API: speakers, embed tokens, events, sessions and registrations. ' +
          'Every response uses the `{success, data, meta?}` / `{success: false, error}` envelope.',
      },
      servers: [{ url: '/v1' }],
      security: [{ bearerAuth: [] }, { consoleSession: [] }],
    })
  }
}

/** Koa router options that answer wrong methods with the error envelope. */
export const allowedMethodsOptions = {
  throw: true,
  methodNotAllowed: () => new ApiError(405, 'METHOD_NOT_ALLOWED', 'This method is not allowed on this path'),
  notImplemented: () => new ApiError(405, 'METHOD_NOT_ALLOWED', 'This method is not supported'),
}
