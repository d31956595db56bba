import { DIALECTS } from '@event-service/db/testing.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConsoleBrowser, newMember } from '../testing/console-browser.ts'
import { startTestApi, type TestApi } from '../testing/test-api.ts'

const PASSWORD = 'correct horse battery'

describe.each(DIALECTS)('console sign-in on %s', (dialect) => {
  let api: TestApi
  beforeAll(async () => {
    // Each ConsoleBrowser comes from an address of its own (X-Forwarded-For, trusted for one hop),
    // so that the per-IP limit of one test does not reach into the next.
    api = await startTestApi(dialect, { env: { TRUST_PROXY: '1' } })
  })
  afterAll(() => api.close())

  describe('invitations', () => {
    it('invites by email: the link names the account, sets a password once and signs in with a first-party cookie', async () => {
      const { key, accountId } = await api.newAccount()
      const invited = await api.request('POST', '/v1/users', { key, body: { email: 'Ada@Example.com', role: 'editor' } })
      expect(invited.status).toBe(201)
      expect(invited.body.data).toMatchObject({ email: 'Ada@Example.com', role: 'editor', status: 'invited' })
      const url: string = invited.body.data.sign_in_url
      expect(url).toMatch(new RegExp(`^${api.url}/console/link/link_`))
      const secret = url.split('/').pop()

      const info = await api.request('GET', `/v1/auth/links/${secret}`)
      expect(info.body.data).toEqual({ purpose: 'invite', email: 'Ada@Example.com', account_name: 'Test account' })

      // The email went through the outbox, with the same link.
      const mail = await api.db.selectFrom('email_messages').selectAll().where('account_id', '=', accountId).execute()
      expect(mail).toHaveLength(1)
      expect(mail[0]).toMatchObject({ kind: 'user.invitation', to_address: 'Ada@Example.com' })
      expect(mail[0]?.text_body).toContain(url)

      const browser = new ConsoleBrowser(api)
      expect((await browser.useLink(url)).body.error.details.fields).toEqual([{ path: 'password', message: 'password is required' }])
      expect((await browser.useLink(url, 'short')).body.error.details.fields[0].message).toBe('password must be at least 10 characters')
      expect((await browser.useLink(url, 'ada@example.com')).body.error.details.fields[0].message).toBe(
        'password must not be your email address',
      )
      const accepted = await browser.useLink(url, PASSWORD)
      expect(accepted.status).toBe(200)
      const cookie = ConsoleBrowser.sessionCookieOf(accepted)
      expect(cookie).toMatch(/^console_session=sess_\w+; path=\/; expires=.+; samesite=lax; httponly$/i)
      expect(accepted.body.data.user).toMatchObject({ email: 'Ada@Example.com', role: 'editor' })
      expect(accepted.body.data.account).toMatchObject({ id: accountId, plan: 'pro', rate_limit: 10_000 })

      // Used once: the second use and a read of it are the same 404.
      expect((await new ConsoleBrowser(api).useLink(url, PASSWORD)).status).toBe(404)
      expect((await api.request('GET', `/v1/auth/links/${secret}`)).status).toBe(404)

      const users = await api.request('GET', '/v1/users', { key })
      expect(users.body.data).toEqual([expect.objectContaining({ email: 'Ada@Example.com', status: 'active' })])
      expect(JSON.stringify(users.body)).not.toContain('scrypt')
    })

    it('refuses an email already in the account (in any case) with 409, and answers an unknown link 404', async () => {
      const { key } = await api.newAccount()
      expect((await api.request('POST', '/v1/users', { key, body: { email: 'bo@example.com', role: 'viewer' } })).status).toBe(201)
      const again = await api.request('POST', '/v1/users', { key, body: { email: 'BO@example.com', role: 'viewer' } })
      expect(again.status).toBe(409)
      expect(again.body.error.code).toBe('CONFLICT')
      for (const secret of ['nonsense', 'link_000000000000000000000000000000000000']) {
        const res = await api.request('GET', `/v1/auth/links/${secret}`)
        expect(res.status).toBe(404)
        expect(res.body.error.code).toBe('NOT_FOUND')
      }
    })
  })

  describe('signing in', () => {
    it('signs in with the right password only, the same 401 for an unknown email', async () => {
      const { key } = await api.newAccount()
      const { email } = await newMember(api, key, 'viewer', PASSWORD)
      const browser = new ConsoleBrowser(api)
      const wrong = await browser.signIn(email, 'not the password')
      const unknown = await browser.signIn('nobody@example.com', PASSWORD)
      expect([wrong.status, unknown.status]).toEqual([401, 401])
      expect(wrong.body.error.message).toBe(unknown.body.error.message)
      const right = await browser.signIn(email.toUpperCase(), PASSWORD)
      expect(right.status).toBe(200)
      expect((await browser.request('GET', '/v1/events')).status).toBe(200)
      const session = await browser.request('GET', '/v1/auth/session')
      expect(session.body.data).toMatchObject({
        user: { email, role: 'viewer' },
        csrf_token: expect.any(String),
        embed_url: expect.stringMatching(/^http/),
      })
      expect(session.headers.get('cache-control')).toBe('no-store')
    })

    it('limits failed attempts per email: past 10, even the right password is 429 with Retry-After', async () => {
      const { key } = await api.newAccount()
      const { email } = await newMember(api, key, 'editor', PASSWORD)
      const browser = new ConsoleBrowser(api)
      // Each attempt from another address, so that only the per-email limit is in play.
      const from = (i: number) => ({ 'X-Forwarded-For': `198.51.100.${i}` })
      for (let i = 0; i < 10; i++) {
        const res = await browser.request('POST', '/v1/auth/sign-in', { body: { email, password: `wrong ${i}` }, headers: from(i) })
        expect(res.status).toBe(401)
      }
      const blocked = await browser.signIn(email, PASSWORD)
      expect(blocked.status).toBe(429)
      expect(blocked.body.error.code).toBe('RATE_LIMIT_EXCEEDED')
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    })

    it('limits failed attempts per client IP too, whatever emails they try', async () => {
      const { key } = await api.newAccount()
      const { email } = await newMember(api, key, 'editor', PASSWORD)
      const guesser = new ConsoleBrowser(api)
      for (let i = 0; i < 10; i++) expect((await guesser.signIn(`guess${i}@example.com`, PASSWORD)).status).toBe(401)
      expect((await guesser.signIn(email, PASSWORD)).status).toBe(429)
      // Asking for a reset is counted apart: it never locks anyone out of signing in.
      const forgetful = new ConsoleBrowser(api)
      for (let i = 0; i < 3; i++) expect((await forgetful.request('POST', '/v1/auth/password-reset', { body: { email } })).status).toBe(202)
      expect((await forgetful.signIn(email, PASSWORD)).status).toBe(200)
    })

    it('ends this session on sign-out, and every session on sign-out everywhere', async () => {
      const { key } = await api.newAccount()
      const { browser: first, email } = await newMember(api, key, 'editor', PASSWORD)
      const second = new ConsoleBrowser(api)
      await second.signIn(email, PASSWORD)
      const third = new ConsoleBrowser(api)
      await third.signIn(email, PASSWORD)

      const out = await third.request('POST', '/v1/auth/sign-out')
      expect(out.status).toBe(200)
      expect(third.cookie).toBeUndefined()
      expect((await second.request('GET', '/v1/events')).status).toBe(200)

      expect((await first.request('POST', '/v1/auth/sign-out-everywhere')).status).toBe(200)
      expect((await second.request('GET', '/v1/events')).status).toBe(401)
      expect((await first.request('GET', '/v1/auth/session')).status).toBe(401)
    })

    it('changes the password after checking the current one, ending every other session', async () => {
      const { key } = await api.newAccount()
      const { browser, email } = await newMember(api, key, 'viewer', PASSWORD)
      const elsewhere = new ConsoleBrowser(api)
      await elsewhere.signIn(email, PASSWORD)
      const wrong = await browser.request('PUT', '/v1/auth/password', {
        body: { current_password: 'nope nope nope', new_password: 'another long one' },
      })
      expect(wrong.body.error.details.fields).toEqual([
        { path: 'current_password', message: 'current_password is not your current password' },
      ])
      // A viewer may change their own password: it changes nothing of the account.
      const changed = await browser.request('PUT', '/v1/auth/password', {
        body: { current_password: PASSWORD, new_password: 'another long one' },
      })
      expect(changed.status).toBe(200)
      expect((await browser.request('GET', '/v1/events')).status).toBe(200)
      expect((await elsewhere.request('GET', '/v1/events')).status).toBe(401)
      expect((await new ConsoleBrowser(api).signIn(email, 'another long one')).status).toBe(200)
    })

    it('sends a reset link to a known address only, answering 202 either way, and never to a host the request names', async () => {
      const { key, accountId } = await api.newAccount()
      const { email } = await newMember(api, key, 'editor', PASSWORD)
      const before = await api.db.selectFrom('email_messages').select('id').where('kind', '=', 'user.password_reset').execute()
      const unknown = await api.request('POST', '/v1/auth/password-reset', { body: { email: 'nobody@example.com' } })
      const known = await api.request('POST', '/v1/auth/password-reset', { body: { email }, headers: { Host: 'evil.example' } })
      expect([unknown.status, known.status]).toEqual([202, 202])
      expect(unknown.text).toBe(known.text)
      const mails = await api.db.selectFrom('email_messages').selectAll().where('kind', '=', 'user.password_reset').execute()
      expect(mails).toHaveLength(before.length + 1)
      const mail = mails.find((m) => m.account_id === accountId)
      const url = /http\S+\/console\/link\/link_\w+/.exec(mail?.text_body ?? '')?.[0] ?? ''
      expect(url.startsWith(`${api.url}/console/link/`)).toBe(true)
      const browser = new ConsoleBrowser(api)
      expect((await browser.useLink(url, 'a brand new password')).status).toBe(200)
      expect((await new ConsoleBrowser(api).signIn(email, PASSWORD)).status).toBe(401)
      expect((await new ConsoleBrowser(api).signIn(email, 'a brand new password')).status).toBe(200)
    })

    it('marks the cookie Secure when the request came over https', async () => {
      const { key } = await api.newAccount()
      const { email } = await newMember(api, key, 'viewer', PASSWORD)
      const res = await api.request('POST', '/v1/auth/sign-in', {
        body: { email, password: PASSWORD },
        headers: { 'X-Forwarded-Proto': 'https' },
      })
      expect(ConsoleBrowser.sessionCookieOf(res)).toMatch(/; secure;/i)
    })

    it('keeps sign-up closed unless CONSOLE_SIGNUP=open', async () => {
      expect((await api.request('GET', '/v1/auth/options')).body.data).toEqual({ signup: false })
      const res = await api.request('POST', '/v1/auth/sign-up', {
        body: { account_name: 'Mine', email: 'me@example.com', password: PASSWORD },
      })
      expect(res.status).toBe(404)
    })
  })

  describe('CSRF and origins', () => {
    it('refuses a write with the cookie but without the CSRF token, or from another origin, with 403', async () => {
      const { key } = await api.newAccount()
      const { browser } = await newMember(api, key, 'editor', PASSWORD)
      const event = { name: 'Conf', starts_at: '2026-06-01T09:00:00Z', ends_at: '2026-06-02T18:00:00Z' }
      for (const options of [{ csrf: false }, { origin: null }, { origin: 'https://evil.example' }] as const) {
        const res = await browser.request('POST', '/v1/events', { body: event, ...options })
        expect(res.status).toBe(403)
        expect(res.body.error.code).toBe('FORBIDDEN')
      }
      const wrongToken = await browser.request('POST', '/v1/events', {
        body: event,
        headers: { 'X-CSRF-Token': 'x'.repeat(43) },
        csrf: false,
      })
      expect(wrongToken.status).toBe(403)
      expect((await browser.request('POST', '/v1/events', { body: event })).status).toBe(201)
    })

    it('never grants the cookie to another origin through CORS', async () => {
      const { key } = await api.newAccount()
      const { browser } = await newMember(api, key, 'viewer', PASSWORD)
      const res = await browser.request('GET', '/v1/events', { headers: { Origin: 'https://evil.example' } })
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
      expect(res.headers.get('access-control-allow-credentials')).toBeNull()
    })
  })

  describe('roles', () => {
    it('lets a viewer read everything and change nothing (403 in the envelope)', async () => {
      const { key } = await api.newAccount()
      const eventId = await api.newEvent(key)
      const { browser } = await newMember(api, key, 'viewer')
      expect((await browser.request('GET', `/v1/events/${eventId}`)).status).toBe(200)
      expect((await browser.request('GET', '/v1/account')).status).toBe(200)
      for (const [method, path, body] of [
        ['PATCH', `/v1/events/${eventId}`, { name: 'Mine now' }],
        ['POST', '/v1/speakers', { event_id: eventId, name: 'X', email: 'x@example.com' }],
        ['DELETE', `/v1/events/${eventId}`, undefined],
        ['POST', '/v1/webhooks', { url: 'https://example.com/hook', events: ['*'] }],
      ] as const) {
        const res = await browser.request(method, path, { body })
        expect(res.status, `${method} ${path}`).toBe(403)
        expect(res.body.error).toMatchObject({ code: 'FORBIDDEN', message: 'Your role (viewer) may read but not change anything' })
      }
      expect((await api.request('GET', `/v1/events/${eventId}`, { key })).body.data.name).toBe('Conf')
    })

    it('lets an editor change events but not people, keys or the account', async () => {
      const { key } = await api.newAccount()
      const eventId = await api.newEvent(key)
      const { browser } = await newMember(api, key, 'editor')
      expect((await browser.request('PATCH', `/v1/events/${eventId}`, { body: { name: 'Renamed' } })).status).toBe(200)
      for (const [method, path, body] of [
        ['GET', '/v1/users', undefined],
        ['POST', '/v1/users', { email: 'z@example.com', role: 'owner' }],
        ['GET', '/v1/api-keys', undefined],
        ['POST', '/v1/api-keys', { name: 'mine' }],
        ['PATCH', '/v1/account', { name: 'Mine' }],
      ] as const) {
        const res = await browser.request(method, path, { body })
        expect(res.status, `${method} ${path}`).toBe(403)
        expect(res.body.error.code).toBe('FORBIDDEN')
      }
    })

    it("keeps at least one owner, applies a new role at once and ends a removed person's sessions", async () => {
      const { key } = await api.newAccount()
      const owner = await newMember(api, key, 'owner')
      const other = await newMember(api, key, 'editor')
      const users = (await owner.browser.request('GET', '/v1/users')).body.data as { id: string; role: string }[]
      // The account's only owner is the one invited as owner (the key is not a person).
      expect(users.filter((u) => u.role === 'owner').map((u) => u.id)).toEqual([owner.userId])
      const demote = await owner.browser.request('PATCH', `/v1/users/${owner.userId}`, { body: { role: 'editor' } })
      expect(demote.status).toBe(409)
      expect((await owner.browser.request('DELETE', `/v1/users/${owner.userId}`)).status).toBe(409)

      expect((await owner.browser.request('PATCH', `/v1/users/${other.userId}`, { body: { role: 'viewer' } })).body.data.role).toBe(
        'viewer',
      )
      expect(
        (
          await other.browser.request('POST', '/v1/events', {
            body: { name: 'X', starts_at: '2026-06-01T09:00:00Z', ends_at: '2026-06-01T18:00:00Z' },
          })
        ).status,
      ).toBe(403)
      expect((await owner.browser.request('DELETE', `/v1/users/${other.userId}`)).status).toBe(200)
      expect((await other.browser.request('GET', '/v1/events')).status).toBe(401)
    })

    it("answers another account's person 404, as for every other resource", async () => {
      const a = await api.newAccount()
      const b = await api.newAccount()
      const invited = await api.request('POST', '/v1/users', { key: b.key, body: { email: 'b@example.com', role: 'editor' } })
      for (const [method, body] of [
        ['PATCH', { role: 'owner' }],
        ['DELETE', undefined],
      ] as const) {
        expect((await api.request(method, `/v1/users/${invited.body.data.id}`, { key: a.key, body })).status).toBe(404)
      }
    })
  })

  describe('API keys of the account', () => {
    it('creates a key whose secret is shown once, lists it by prefix and revokes it', async () => {
      const { key } = await api.newAccount()
      const { browser } = await newMember(api, key, 'owner')
      const created = await browser.request('POST', '/v1/api-keys', { body: { name: 'Website build', scope: 'write' } })
      expect(created.status).toBe(201)
      const secret: string = created.body.data.api_key
      expect(created.body.data).toMatchObject({ name: 'Website build', scope: 'write', prefix: secret.slice(0, 12) })
      const list = await browser.request('GET', '/v1/api-keys')
      expect(list.text).not.toContain(secret)
      expect(list.body.data.map((k: { name: string }) => k.name)).toContain('Website build')
      expect((await api.request('GET', '/v1/events', { key: secret })).status).toBe(200)
      const listed = list.body.data.find((k: { name: string }) => k.name === 'Website build')
      expect(listed.last_used_at).toBeNull()

      expect((await browser.request('DELETE', `/v1/api-keys/${created.body.data.id}`)).status).toBe(200)
      expect((await api.request('GET', '/v1/events', { key: secret })).status).toBe(401)
      expect((await browser.request('DELETE', `/v1/api-keys/${created.body.data.id}`)).status).toBe(409)
      expect((await browser.request('GET', '/v1/api-keys')).body.data.map((k: { name: string }) => k.name)).not.toContain('Website build')
      expect((await browser.request('GET', '/v1/api-keys?include_revoked=true')).body.data.map((k: { name: string }) => k.name)).toContain(
        'Website build',
      )
    })

    it('refuses every write of a read key with 403, and lets it read', async () => {
      const { key } = await api.newAccount()
      const eventId = await api.newEvent(key)
      const created = await api.request('POST', '/v1/api-keys', { key, body: { name: 'Dashboards', scope: 'read' } })
      const readKey = created.body.data.api_key
      expect((await api.request('GET', `/v1/events/${eventId}`, { key: readKey })).status).toBe(200)
      const res = await api.request('PATCH', `/v1/events/${eventId}`, { key: readKey, body: { name: 'X' } })
      expect(res.status).toBe(403)
      expect(res.body.error.message).toMatch(/read-only/)
    })

    it("cannot revoke another account's key", async () => {
      const a = await api.newAccount()
      const b = await api.newAccount()
      const created = await api.request('POST', '/v1/api-keys', { key: b.key, body: { name: 'B' } })
      expect((await api.request('DELETE', `/v1/api-keys/${created.body.data.id}`, { key: a.key })).status).toBe(404)
      expect((await api.request('GET', '/v1/events', { key: created.body.data.api_key })).status).toBe(200)
    })
  })
})

describe('console sign-up when open', () => {
  let api: TestApi
  beforeAll(async () => {
    api = await startTestApi('pglite', { env: { CONSOLE_SIGNUP: 'open' } })
  })
  afterAll(() => api.close())

  it('creates an account on the free plan with its creator as owner, signed in', async () => {
    expect((await api.request('GET', '/v1/auth/options')).body.data).toEqual({ signup: true })
    const browser = new ConsoleBrowser(api)
    const res = await browser.request('POST', '/v1/auth/sign-up', {
      body: { account_name: 'Hamburg JS', email: 'lea@example.com', password: PASSWORD, name: 'Lea' },
    })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({
      user: { email: 'lea@example.com', role: 'owner' },
      account: { name: 'Hamburg JS', plan: 'free' },
    })
    expect((await browser.request('GET', '/v1/users')).body.data).toHaveLength(1)
  })
})
