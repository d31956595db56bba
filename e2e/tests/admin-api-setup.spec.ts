import { readFile } from 'node:fs/promises'
import { ADMIN_API_TYPES_FILE, renderAdminApiTypes, withoutDocComments } from '../src/api/admin-api-types.ts'
import { createAdminClient } from '../src/api/admin-client.ts'
import { expect, test } from '../src/fixtures.ts'
import { adminCli } from '../src/harness/cli.ts'
import { createConference, expectData } from '../src/journeys/conference.ts'

// Journey: an organiser creates an account on the command line, then sets up an event through the
// admin API with a client generated from the API's own OpenAPI document.

test('the committed admin API types (of the console and this client) match the OpenAPI document the server publishes', async ({
  system,
}) => {
  const response = await fetch(`${system.adminUrl}/openapi.json`)
  expect(response.status).toBe(200)
  const generated = await renderAdminApiTypes(await response.json())
  const committed = await readFile(ADMIN_API_TYPES_FILE, 'utf8')
  expect(withoutDocComments(generated), 'stale client types: run `npm run generate:api`').toBe(withoutDocComments(committed))
})

test('the command line creates an account whose key opens the admin API', async ({ system }) => {
  const created = await adminCli<Record<string, unknown>>(system, ['accounts', 'create', '--name', 'Journey One', '--plan', 'starter'])
  expect(Object.keys(created).sort()).toEqual(['account_id', 'api_key'])
  expect(created.account_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
  expect(created.api_key).toMatch(/^sk_[0-9A-Za-z]{36}$/)

  const api = createAdminClient(system.adminUrl, String(created.api_key))
  const list = await api.GET('/embed-tokens', {})
  expect(list.response.status).toBe(200)
  expect(list.data?.data).toEqual([])

  const anonymous = await createAdminClient(system.adminUrl, 'sk_not_a_real_key').GET('/embed-tokens', {})
  expect(anonymous.response.status).toBe(401)
  expect(anonymous.error?.error.code).toBe('UNAUTHORIZED')
})

test('the admin API creates an event, its speakers and sessions, and an origin-restricted embed token', async ({ account }) => {
  const siteOrigin = 'http://127.0.0.1:45678'
  const conference = await createConference(account.api, { label: 'setup', allowedOrigins: [siteOrigin] })

  expect(conference.token.value).toMatch(/^emb_[0-9A-Za-z]{36}$/)
  expect(conference.token.allowedOrigins).toEqual([siteOrigin])

  const speakers = await account.api.GET('/speakers', { params: { query: { event_id: conference.eventId, sort: 'name', order: 'asc' } } })
  expect(speakers.response.status).toBe(200)
  expect(speakers.data?.data.map((s) => s.name)).toEqual(['Ada Okonkwo', 'Hidden Hopper', 'Kofi Mensah'])
  expect(speakers.data?.meta).toEqual({ page: 1, limit: 20, total: 3, totalPages: 1 })

  const sessions = expectData(await account.api.GET('/sessions', { params: { query: { event_id: conference.eventId } } }), 'list sessions')
  expect(sessions.map((s) => s.title)).toEqual([
    conference.sessions.keynote.title,
    conference.sessions.workshop.title,
    conference.sessions.panel.title,
  ])
  expect(sessions[0]?.speakers.map((s) => s.name)).toEqual(['Ada Okonkwo', 'Hidden Hopper'])

  const tokens = expectData(await account.api.GET('/embed-tokens', { params: { query: { event_id: conference.eventId } } }), 'list tokens')
  expect(tokens).toHaveLength(1)
  expect(tokens[0]).toMatchObject({ id: conference.token.id, is_active: true, allowed_origins: [siteOrigin] })
  expect(tokens[0]?.prefix).toBe(conference.token.value.slice(0, 12))
  expect(tokens[0]).not.toHaveProperty('token')
})
