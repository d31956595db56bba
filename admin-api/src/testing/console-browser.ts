import type { TestApi, TestResponse } from './test-api.ts'

/**
 * A browser's view of the admin API for tests of the console's sign-in: it keeps the session
 * cookie as a browser would, and sends the CSRF token and this server's `Origin` with writes
 * (unless a test leaves them out on purpose).
 */
export class ConsoleBrowser {
  cookie: string | undefined
  csrf: string | undefined
  /** This browser's address, for an API that trusts one proxy hop (`TRUST_PROXY=1`). */
  readonly address = `203.0.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`

  constructor(private readonly api: TestApi) {}

  /** The `console_session` cookie a response set, with its attributes. */
  static sessionCookieOf(res: TestResponse): string | undefined {
    return res.headers.getSetCookie().find((c) => c.startsWith('console_session='))
  }

  async request(
    method: string,
    path: string,
    options: { body?: unknown; csrf?: boolean; origin?: string | null; headers?: Record<string, string> } = {},
  ): Promise<TestResponse> {
    const writes = method !== 'GET' && method !== 'HEAD'
    const headers: Record<string, string> = { 'X-Forwarded-For': this.address, ...options.headers }
    if (this.cookie) headers.Cookie = this.cookie
    if (writes && options.csrf !== false && this.csrf) headers['X-CSRF-Token'] = this.csrf
    const origin = options.origin === undefined ? this.api.url : options.origin
    if (writes && origin !== null) headers.Origin = origin
    const res = await this.api.request(method, path, { body: options.body, headers })
    const set = ConsoleBrowser.sessionCookieOf(res)
    if (set) {
      const value = set.split(';')[0] ?? ''
      this.cookie = value === 'console_session=' ? undefined : value
    }
    if (res.body?.data?.csrf_token) this.csrf = res.body.data.csrf_token
    return res
  }

  async signIn(email: string, password: string): Promise<TestResponse> {
    return this.request('POST', '/v1/auth/sign-in', { body: { email, password } })
  }

  /** Follows a one-time link (`…/console/link/<secret>`), setting `password` when given. */
  async useLink(signInUrl: string, password?: string): Promise<TestResponse> {
    const secret = signInUrl.split('/').pop() ?? ''
    return this.request('POST', `/v1/auth/links/${secret}`, { body: password === undefined ? {} : { password } })
  }
}

/** Invites a person with an owner's API key and has them accept with `password`: their signed-in browser. */
export async function newMember(api: TestApi, ownerKey: string, role: 'owner' | 'editor' | 'viewer', password = 'a long enough password') {
  const email = `${role}-${Math.random().toString(36).slice(2)}@example.com`
  const invited = await api.request('POST', '/v1/users', { key: ownerKey, body: { email, role } })
  if (invited.status !== 201) throw new Error(`invite failed: ${invited.status} ${invited.text}`)
  const browser = new ConsoleBrowser(api)
  const accepted = await browser.useLink(invited.body.data.sign_in_url, password)
  if (accepted.status !== 200) throw new Error(`accepting failed: ${accepted.status} ${accepted.text}`)
  return { browser, email, password, userId: invited.body.data.id as string, signInUrl: invited.body.data.sign_in_url as string }
}
