import Router, { type RouterContext } from '@koa/router'
import {
  ApiBuilder as Builder,
  allowedMethodsOptions,
  REQUEST_ID_HEADER,
  type RouteInputs,
  type RouteResponse,
  type RouteSpec as SharedRouteSpec,
  rateLimitHeaders,
  type SecurityRequirementObject,
} from '@event-service/server-common/openapi.ts'
import type { ParsedInput } from '@event-service/server-common'
import type { AdminState } from '../auth/auth-state.ts'
import { type Access, assertAllowed, defaultAccess } from '../auth/permissions.ts'

export { allowedMethodsOptions, type RouteInputs }

/** Error statuses a route may document beyond the ones every keyed route has. */
type RouteErrorStatus = 401 | 403 | 404 | 409

/** One endpoint of the admin API: the shared declaration (`ApiBuilder` of server-common) and who may call it. */
export interface RouteSpec<S extends RouteInputs>
  extends Pick<SharedRouteSpec<S>, 'method' | 'operationId' | 'summary' | 'description' | 'tag' | 'request' | 'documentedBody'> {
  /** OpenAPI-style path under `/v1`, e.g. `/speakers/{id}`. */
  path: string
  /** `alternatives`: other media types the same status answers with, by `Accept` (e.g. `text/csv`). */
  responses: Partial<Record<200 | 201 | 202, RouteResponse & { schema: NonNullable<RouteResponse['schema']> }>>
  /** Errors specific to this route; 400, 401, 403, 429 and 500 (and 413/415 with a body) are added. */
  errors?: RouteErrorStatus[]
  /**
   * Who may call it (`auth/permissions.ts`): by default `read` for GET and `write` otherwise;
   * `public` routes (signing in) take no key or session and are served before authentication.
   */
  access?: Access | 'public'
}

/** The context of every keyed route. */
export type AdminContext = RouterContext<AdminState>

export type Handler<S extends RouteInputs> = (ctx: AdminContext, input: ParsedInput<S>) => Promise<void>

// What the admin API's errors mean; the statuses both servers describe alike are server-common's.
const ERROR_DESCRIPTIONS = {
  401: 'Missing, unknown or revoked API key, or no console session (`UNAUTHORIZED`)',
  403: 'The key is read-only, the role may not do this, or a console request lacks its CSRF token (`FORBIDDEN`)',
  404: 'Not found, or belongs to another account (`NOT_FOUND`)',
  409: 'Conflicts with the current state (`CONFLICT`; `SOLD_OUT` when no place of the ticket is left)',
  429: 'Rate limit of the account exceeded (`RATE_LIMIT_EXCEEDED`); see `Retry-After`',
}

const SUCCESS_HEADERS = { ...rateLimitHeaders('Requests allowed per hour for the account'), ...REQUEST_ID_HEADER }

const LOCATION_HEADER = {
  Location: { description: 'The URL of the created resource (`/v1/<resources>/<id>`)', schema: { type: 'string' as const } },
}

const KEYED: SecurityRequirementObject[] = [{ bearerAuth: [] }, { consoleSession: [] }]

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
 * The admin API's routes, each declared once with server-common's `ApiBuilder` (Koa route, input
 * validation and OpenAPI operation from one declaration), with the admin API's access rule
 * (`auth/permissions.ts`) as each route's `before` hook.
 *
 * @example
 * api.route({ method: 'get', path: '/speakers/{id}', operationId: 'getSpeaker', …, request: { params: IdParams } },
 *   async (ctx, { params }) => { ctx.body = ok(present(await getSpeaker(db, ctx.state.account.id, params.id))) })
 */
export class ApiBuilder {
  private readonly builder = new Builder<AdminState>({
    prefix: '/v1',
    info: {
      title: 'Event service admin API',
      version: '1.0.0',
      description:
        'Keyed management API: speakers, embed tokens, events, sessions and registrations. ' +
        'Every response uses the `{success, data, meta?}` / `{success: false, error}` envelope.',
    },
    securitySchemes: {
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        description: 'An API key (`sk_…`), created in the console (Settings → API keys) or with `npm run admin -- keys create`',
      },
      consoleSession: {
        type: 'apiKey',
        in: 'cookie',
        name: 'console_session',
        description: "The console's session cookie; requests that change something also need `X-CSRF-Token` and a same-origin `Origin`",
      },
    },
    security: KEYED,
    errorDescriptions: ERROR_DESCRIPTIONS,
    successHeaders: SUCCESS_HEADERS,
  })
  /** Routes behind authentication. */
  readonly router = this.builder.router
  /** `public` routes (signing in), served before authentication. */
  readonly publicRouter = new Router<AdminState>({ prefix: '/v1' })

  route<S extends RouteInputs>(spec: RouteSpec<S>, handler: Handler<S>): void {
    const hasBody = spec.request?.body !== undefined || spec.documentedBody !== undefined
    const isPublic = spec.access === 'public'
    const access: Access = spec.access === 'public' || spec.access === undefined ? defaultAccess(spec.method) : spec.access
    const guarded = isPublic ? [] : [401, 403]
    const errors = [...new Set([400, ...guarded, ...(spec.errors ?? []), ...(hasBody ? [413, 415] : []), 429, 500])]
    // A public 201 (a sign-up) makes no resource of its own to read back.
    const responses = Object.fromEntries(
      Object.entries(spec.responses).map(([status, r]) => [
        status,
        status === '201' && !isPublic ? { ...r, headers: { ...SUCCESS_HEADERS, ...LOCATION_HEADER } } : r,
      ]),
    )
    // Checked before the body is read: a caller who may not write is refused without parsing it.
    const allowed = async (ctx: AdminContext, next: () => Promise<unknown>) => {
      if (!isPublic) assertAllowed(ctx.state.caller, access)
      await next()
    }
    this.builder.route(
      { ...spec, responses, errors, security: isPublic ? [] : KEYED },
      spec.responses[201] && !isPublic ? withLocation(spec.path, handler) : handler,
      { before: [allowed], router: isPublic ? this.publicRouter : this.router },
    )
  }

  /** The OpenAPI 3.0 document of every route declared so far. */
  document(): object {
    return this.builder.document()
  }
}
