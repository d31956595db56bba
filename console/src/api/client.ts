// The console's only way to the admin API: same-origin fetches under /v1 with the session cookie,
// the CSRF header on writes, and the `{success, data | error}` envelope unwrapped. A failure is
// always an ApiProblem, so screens handle one kind of error.

/** Where the admin API lives, relative to the page (the admin server serves both). */
const API_BASE = '/v1'

/** One invalid field of a VALIDATION_ERROR: `path` as the API names it (`tickets.0.capacity`). */
export interface FieldProblem {
  path: string
  message: string
}

/** A failed request: the API's error envelope, or a stand-in for a network failure (status 0). */
export class ApiProblem extends Error {
  status: number
  code: string
  fields: FieldProblem[]
  details: Record<string, unknown>

  constructor(status: number, code: string, message: string, details: Record<string, unknown> = {}) {
    super(message)
    this.name = 'ApiProblem'
    this.status = status
    this.code = code
    this.details = details
    this.fields = Array.isArray(details.fields) ? (details.fields as FieldProblem[]) : []
  }

  /** Seconds to wait after a 429 (`details.retry_after`, from the Retry-After header). */
  get retryAfter(): number | undefined {
    const value = this.details.retry_after
    return typeof value === 'number' ? value : undefined
  }
}

export type Query = Record<string, string | number | boolean | undefined>

export interface PageMeta {
  page: number
  limit: number
  total: number
  totalPages: number
}

/** Fired on window when a request answers 401: the session ended, the shell goes to sign-in. */
export const UNAUTHORIZED_EVENT = 'console-unauthorized'

let csrfToken: string | undefined
let csrfLookup: Promise<string | undefined> | undefined

/** Keeps the CSRF token of a session the console just received (sign-in, session, password change). */
export function rememberCsrfToken(token: string | undefined): void {
  csrfToken = token
  csrfLookup = undefined
}

/** The CSRF token, fetched once from GET /v1/auth/session when no answer brought one yet. */
async function currentCsrfToken(): Promise<string | undefined> {
  if (csrfToken) return csrfToken
  csrfLookup ??= fetch(`${API_BASE}/auth/session`, { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then(async (response) => (response.ok ? ((await response.json()) as { data?: { csrf_token?: string } }).data?.csrf_token : undefined))
    .catch(() => undefined)
  const token = await csrfLookup
  if (token) csrfToken = token
  else csrfLookup = undefined
  return token
}

/** `/events?x=1` from a path under /v1 and a query whose undefined values are left out. */
export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value))
  const search = params.toString()
  return `${API_BASE}${path}${search ? `?${search}` : ''}`
}

interface Envelope<T> {
  success: boolean
  data?: T
  meta?: PageMeta
  error?: { code: string; message: string; details?: Record<string, unknown> }
}

async function request<T>(method: string, path: string, query?: Query, body?: unknown): Promise<Envelope<T>> {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (method !== 'GET') {
    const token = await currentCsrfToken()
    if (token) headers['x-csrf-token'] = token
  }
  // A FormData (a file upload) goes as multipart, its boundary in the type the browser writes.
  const multipart = body instanceof FormData
  if (body !== undefined && !multipart) headers['content-type'] = 'application/json'
  let response: Response
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
    })
  } catch {
    throw new ApiProblem(0, 'NETWORK_ERROR', 'The server could not be reached.')
  }
  let envelope: Envelope<T> | undefined
  if (response.status !== 204) {
    try {
      envelope = (await response.json()) as Envelope<T>
    } catch {
      envelope = undefined
    }
  }
  if (response.ok) return envelope ?? { success: true }
  if (response.status === 401 && !path.startsWith('/auth/')) window.dispatchEvent(new Event(UNAUTHORIZED_EVENT))
  const error = envelope?.error
  const details = { ...(error?.details ?? {}) }
  const retryAfter = Number(response.headers.get('retry-after'))
  if (details.retry_after === undefined && retryAfter > 0) details.retry_after = retryAfter
  throw new ApiProblem(response.status, error?.code ?? `HTTP_${response.status}`, error?.message ?? response.statusText, details)
}

/**
 * The `data` of a GET.
 *
 * @example
 * const event = await apiGet<Event>(`/events/${id}`)
 */
export async function apiGet<T>(path: string, query?: Query): Promise<T> {
  return (await request<T>('GET', path, query)).data as T
}

/**
 * One page of a list: its items and `meta`.
 *
 * @example
 * const { items, meta } = await apiList<Event>('/events', { page: 2, limit: 50 })
 */
export async function apiList<T>(path: string, query?: Query): Promise<{ items: T[]; meta: PageMeta }> {
  const envelope = await request<T[]>('GET', path, query)
  const items = envelope.data ?? []
  return { items, meta: envelope.meta ?? { page: 1, limit: items.length, total: items.length, totalPages: 1 } }
}

/**
 * A write; resolves the `data` of the answer (undefined for 204). A FormData body is sent as
 * `multipart/form-data` (files), anything else as JSON.
 *
 * @example
 * const key = await apiSend<CreatedKey>('POST', '/api-keys', { name: 'CI', scope: 'read' })
 */
export async function apiSend<T>(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  return (await request<T>(method, path, undefined, body)).data as T
}
