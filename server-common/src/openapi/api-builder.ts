import { OpenAPIRegistry, OpenApiGeneratorV3, type ResponseConfig, type RouteConfig } from '@asteasolutions/zod-to-openapi'
import Router, { type RouterContext, type RouterMiddleware } from '@koa/router'
import type { z } from 'zod'
import { ApiError } from '../api-error.ts'
import { type JsonBodyOptions, jsonBody } from '../json-body.ts'
import { type InputSchemas, type ParsedInput, validated } from '../validated.ts'
import { errorDescriptionsOf } from './error-descriptions.ts'
import { ErrorEnvelope } from './envelopes.ts'

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** Response headers as OpenAPI documents them. */
export type HeadersObject = Record<string, { description: string; schema: { type: 'integer' | 'string' } }>
/** Who may call a route, as OpenAPI says it: any one of these. */
export type SecurityRequirementObject = Record<string, string[]>
/** How a credential is sent (`type: 'http'`, `'apiKey'`…). */
type SecuritySchemeObject = Parameters<OpenAPIRegistry['registerComponent']>[2]

/** Request schemas the OpenAPI generator can document: params and query are zod objects. */
type RouteParameter = NonNullable<RouteConfig['request']>['params']
export type RouteInputs = InputSchemas & { params?: RouteParameter; query?: RouteParameter }

/** One status a route answers with when all goes well (or 304). */
export interface RouteResponse {
  description: string
  /** The JSON body; none for an answer without a body (304) or only of other media types. */
  schema?: z.ZodType
  /** Other media types this status answers with: by `Accept` (`text/csv`), or instead of JSON (`text/calendar`). */
  alternatives?: Record<string, z.ZodType>
  /** Its headers; by default the API's `successHeaders` (none for a 304). */
  headers?: HeadersObject
}

/** One endpoint: what it takes, what it answers, and how it is documented. */
export interface RouteSpec<S extends RouteInputs = RouteInputs> {
  method: Method
  /** OpenAPI-style path under the API's prefix, e.g. `/speakers/{id}`. */
  path: string
  operationId: string
  summary: string
  description?: string
  tag: string
  request?: S
  /**
   * A query documented but not validated here: the handler validates it itself, by rules that
   * depend on the request (one schema per element of a path parameter, say).
   */
  documentedQuery?: RouteParameter
  /**
   * A body of other media types than JSON (or of several), documented here and read by the route's
   * own code: a page's form, a file upload.
   */
  documentedBody?: Record<string, z.ZodType>
  /** Schemas its description names that no request or response holds (an event stream's data). */
  components?: Record<string, z.ZodType>
  /** Every status it answers with other than in the error envelope (a 304; a page's 404). */
  responses: Partial<Record<number, RouteResponse>>
  /** Every error status it documents, each with the envelope and the API's description of it. */
  errors: readonly number[]
  /** Descriptions of this route's errors that differ from the API's (a code only it answers). */
  errorDescriptions?: Partial<Record<number, string>>
  /** Who may call it, as OpenAPI says it; by default the API's `security`. */
  security?: SecurityRequirementObject[]
  /** The limit of a JSON body (with its words for the 413); by default the API's. */
  bodyLimit?: JsonBodyOptions
}

/** What differs between the APIs built with `ApiBuilder`; the rest is the builder's. */
export interface ApiOptions {
  /** The path every route is under, e.g. `/v1`; the document's server URL. */
  prefix: string
  info: { title: string; version: string; description: string }
  securitySchemes: Record<string, SecuritySchemeObject>
  security: SecurityRequirementObject[]
  /** This API's words for the statuses whose reasons differ between the servers (401, 403, 404, 429…). */
  errorDescriptions: Partial<Record<number, string>>
  /** Headers of every success answer (the rate limit's), unless a response names its own. */
  successHeaders: HeadersObject
  /** The limit of a JSON body; by default 1 MiB (`jsonBody`). */
  bodyLimit?: JsonBodyOptions
}

/** A handler of validated input, after the route's own middleware (the app's access rule or guard). */
export type Handler<S extends RouteInputs, C> = (ctx: C, input: ParsedInput<S>) => Promise<void> | void

/** How an app plugs its own rules into one route: middleware run before the body is read, and the router to use. */
export interface RouteHooks<State> {
  before?: RouterMiddleware<State>[]
  router?: Router<State>
}

const json = (schema: z.ZodType) => ({ 'application/json': { schema } })

/** `/events/{eventId}` → `/events/:eventId`. */
export const koaPathOf = (openApiPath: string): string => openApiPath.replace(/\{(\w+)\}/g, ':$1')

/**
 * Declares each endpoint once: the Koa route (its input validated with the request schemas) and its
 * OpenAPI operation (documented from the same schemas and statuses), so the two cannot drift apart.
 * It knows nothing of who may call what: each app passes its own rule as `hooks.before` (the admin
 * API its access check, the embed server its token guard), and its own words for the errors.
 *
 * @example
 * const api = new ApiBuilder<State>({ prefix: '/v1', … })
 * api.route({ method: 'get', path: '/speakers/{id}', operationId: 'getSpeaker', …, request: { params: IdParams } },
 *   async (ctx, { params }) => { ctx.body = ok(present(await getSpeaker(db, params.id))) }, { before: [allowed] })
 */
export class ApiBuilder<State, C extends RouterContext<State> = RouterContext<State>> {
  readonly router: Router<State>
  readonly registry = new OpenAPIRegistry()
  private readonly errorDescriptions: Record<number, string>

  constructor(readonly options: ApiOptions) {
    this.router = new Router<State>({ prefix: options.prefix })
    this.errorDescriptions = errorDescriptionsOf(options.errorDescriptions, options.bodyLimit?.limitLabel)
    for (const [name, scheme] of Object.entries(options.securitySchemes)) this.registry.registerComponent('securitySchemes', name, scheme)
  }

  /** Documents `spec` without serving it (a document built without an app). */
  describe(spec: RouteSpec): void {
    const request = spec.request ?? {}
    for (const [name, schema] of Object.entries(spec.components ?? {})) this.registry.register(name, schema)
    const query = request.query ?? spec.documentedQuery
    const responses: RouteConfig['responses'] = {}
    for (const [status, r] of Object.entries(spec.responses) as [string, RouteResponse][]) {
      const alternatives = Object.fromEntries(Object.entries(r.alternatives ?? {}).map(([type, schema]) => [type, { schema }]))
      const content = { ...(r.schema ? json(r.schema) : {}), ...alternatives }
      const headers = r.headers ?? (status === '304' ? undefined : this.options.successHeaders)
      const response: ResponseConfig = { description: r.description }
      if (headers && Object.keys(headers).length > 0) response.headers = headers
      if (Object.keys(content).length > 0) response.content = content
      responses[status] = response
    }
    const descriptions = spec.bodyLimit
      ? errorDescriptionsOf(this.options.errorDescriptions, spec.bodyLimit.limitLabel)
      : this.errorDescriptions
    for (const status of [...spec.errors].sort()) {
      const description = spec.errorDescriptions?.[status] ?? descriptions[status] ?? 'Error'
      responses[status] = { description, content: json(ErrorEnvelope) }
    }
    this.registry.registerPath({
      method: spec.method,
      path: spec.path,
      operationId: spec.operationId,
      summary: spec.summary,
      ...(spec.description ? { description: spec.description } : {}),
      tags: [spec.tag],
      security: spec.security ?? this.options.security,
      request: {
        ...(request.params ? { params: request.params } : {}),
        ...(query ? { query } : {}),
        ...(request.body ? { body: { required: true, content: json(request.body) } } : {}),
        ...(spec.documentedBody
          ? {
              body: {
                required: true,
                content: Object.fromEntries(Object.entries(spec.documentedBody).map(([type, schema]) => [type, { schema }])),
              },
            }
          : {}),
      },
      responses,
    })
  }

  /** Documents `spec` and serves it: `hooks.before`, then the JSON body (if it takes one), then `handler` with validated input. */
  route<S extends RouteInputs>(spec: RouteSpec<S>, handler: Handler<S, C>, hooks: RouteHooks<State> = {}): void {
    this.describe(spec)
    const request = spec.request ?? ({} as S)
    const handle = validated<S, C>(request, async (ctx, input) => handler(ctx, input)) as unknown as RouterMiddleware<State>
    const router = hooks.router ?? this.router
    // Only routes that take a body parse one, so a wrong method or path is 405/404, never 415;
    // and the hooks run first, so a caller who may not call it is refused before the body is read.
    const body = request.body ? [jsonBody(spec.bodyLimit ?? this.options.bodyLimit) as RouterMiddleware<State>] : []
    const chain: RouterMiddleware<State>[] = [...(hooks.before ?? []), ...body, handle]
    ;(router as Router<unknown>)[spec.method](koaPathOf(spec.path), ...(chain as RouterMiddleware<unknown>[]))
  }

  /** The OpenAPI 3.0 document of every route declared so far. */
  document(): object {
    return new OpenApiGeneratorV3(this.registry.definitions).generateDocument({
      openapi: '3.0.3',
      info: this.options.info,
      servers: [{ url: this.options.prefix }],
      security: this.options.security,
    })
  }
}

/** Koa router options that answer wrong methods with the error envelope. */
export const allowedMethodsOptions = {
  throw: true,
  methodNotAllowed: () => new ApiError(405, 'METHOD_NOT_ALLOWED', 'This method is not allowed on this path'),
  notImplemented: () => new ApiError(405, 'METHOD_NOT_ALLOWED', 'This method is not supported'),
}
