// A mock of the embed API for the widget tests: recorded fixtures served with the real
// contract's envelope, status codes and rejection codes (docs/embed-api.md). It is a Koa
// middleware for @web/test-runner's dev server. Tokens pick the outcome:
//   emb_valid  accepted · emb_slow  accepted after 400 ms · no token  401 TOKEN_MISSING
//   emb_disabled 403 TOKEN_DISABLED · emb_revoked 401 TOKEN_REVOKED · emb_expired 401 TOKEN_EXPIRED
//   emb_other_event 403 EVENT_MISMATCH · emb_origin 403 ORIGIN_NOT_ALLOWED
//   emb_limited 429 RATE_LIMIT_EXCEEDED · emb_broken 500 INTERNAL_ERROR · anything else 401 INVALID_TOKEN
//   emb_no_feed  accepted, but `GET …/access` says the token does not serve the calendar feed
// Live streams (`GET …/live`, tokens accepted as for reads) are held per test page: a test changes
// the page's data with `POST /__mock/live` `{sessions?, soldOut?}` (`soldOut`: the ids of the fixture
// event's tickets to mark sold out) and sends `{event, data}` to its streams.
// First screens (`GET …/first-screen/{tag}`, emb_valid only) are drawn from the same data by the
// real renderer (dist-server/), as the embed server draws them; `?delay=ms` holds one back.
// As a browser on another origin sees the real server's refusals (no CORS grant, so no readable
// answer), tokens of HIDDEN get no answer at all, and `GET …/access` says why:
//   emb_hidden_disabled  TOKEN_DISABLED · emb_hidden_origin  ORIGIN_NOT_ALLOWED · emb_unreachable  no answer there either
import { readFileSync } from 'node:fs'

const load = (name) => JSON.parse(readFileSync(new URL(`fixtures/${name}.json`, import.meta.url), 'utf8'))
export const EVENT_ID = '0b7c6f0e-4a36-4b8e-9a57-6f1d2b3c4d5e'
export const EMPTY_EVENT_ID = '00000000-0000-4000-8000-000000000000'
/** An event of one long day: 60 sessions, 20 slots of 20 minutes in 3 rooms. */
export const LONG_DAY_EVENT_ID = '00000000-0000-4000-8000-0000000000da'
/** An event of one day in 6 rooms, with titles of a realistic length. */
export const SIX_ROOMS_EVENT_ID = '00000000-0000-4000-8000-0000000006ee'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const REJECT = {
  emb_disabled: [403, 'TOKEN_DISABLED', 'This embed token has been disabled'],
  emb_revoked: [401, 'TOKEN_REVOKED', 'This embed token has been revoked'],
  emb_expired: [401, 'TOKEN_EXPIRED', 'This embed token has expired'],
  emb_other_event: [403, 'EVENT_MISMATCH', 'This token belongs to another event'],
  emb_origin: [403, 'ORIGIN_NOT_ALLOWED', 'Origin not allowed'],
  emb_limited: [429, 'RATE_LIMIT_EXCEEDED', 'Too many requests'],
  emb_broken: [500, 'INTERNAL_ERROR', 'Internal error'],
}

const HIDDEN = {
  emb_hidden_disabled: ['TOKEN_DISABLED', 'This embed token has been disabled'],
  emb_hidden_origin: ['ORIGIN_NOT_ALLOWED', 'This embed token may not be used from this website'],
  emb_unreachable: undefined,
}

/** What the browser makes of a response it may not read: a failed fetch. */
function noAnswer(ctx) {
  // Nothing is sent; a status keeps the test runner from listing the request as a 404.
  ctx.status = 204
  ctx.respond = false
  ctx.req.socket.destroy()
}

/** The test page a request comes from: test files run side by side, each with its own state. */
const pageOf = (ctx) => ctx.get('Referer') || 'none'

// Request counts per test page (test files run in parallel and each resets its own).
const countsByPage = new Map()
function pageCounts(ctx) {
  const page = pageOf(ctx)
  let counts = countsByPage.get(page)
  if (!counts) {
    counts = new Map()
    countsByPage.set(page, counts)
  }
  return counts
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

function send(ctx, status, body) {
  ctx.status = status
  ctx.set('Content-Type', 'application/json')
  ctx.set('Cache-Control', 'no-store')
  ctx.body = JSON.stringify(body)
}
const ok = (ctx, data, status = 200) => send(ctx, status, { success: true, data })
const fail = (ctx, status, code, message, details = {}) => send(ctx, status, { success: false, error: { code, message, details } })

async function readJson(req) {
  let raw = ''
  for await (const chunk of req) raw += chunk
  try {
    return JSON.parse(raw)
  } catch {
    return undefined
  }
}

function longDay() {
  const start = Date.parse('2031-06-10T07:00:00.000Z')
  const at = (minutes) => new Date(start + minutes * 60_000).toISOString()
  return Array.from({ length: 60 }, (_, i) => {
    const slot = Math.floor(i / 3)
    return {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      title: `Talk ${i + 1}`,
      description: null,
      starts_at: at(slot * 20),
      ends_at: at(slot * 20 + 15),
      format: null,
      level: null,
      language: null,
      tags: [],
      slides_url: null,
      recording_url: null,
      track: null,
      room: `Room ${(i % 3) + 1}`,
      speakers: [],
    }
  })
}

const SIX_ROOM_TITLES = [
  'Observability for event-driven systems without the vendor lock-in',
  'Type-safe SQL in TypeScript: what we learned moving 200 queries',
  'Accessibility audits that developers actually read',
  'From cron jobs to durable workflows',
  'Designing APIs that survive their second version',
  'A practical guide to Postgres row-level security',
]

function sixRooms() {
  const start = Date.parse('2031-06-10T07:00:00.000Z')
  const at = (minutes) => new Date(start + minutes * 60_000).toISOString()
  return Array.from({ length: 12 }, (_, i) => ({
    id: `00000000-0000-4000-8000-0000000006${String(i).padStart(2, '0')}`,
    title: SIX_ROOM_TITLES[i % 6],
    description: null,
    starts_at: at(Math.floor(i / 6) * 60),
    ends_at: at(Math.floor(i / 6) * 60 + 45),
    track: null,
    room: ['Auditorium', 'Hall A', 'Hall B', 'Room Spree', 'Terrace', 'Workshop Lab'][i % 6],
    format: null,
    level: null,
    language: null,
    tags: [],
    slides_url: null,
    recording_url: null,
    speakers: [],
  }))
}

/** Per test page: its open live streams, and the sessions and sold-out tickets a test changed. */
const livePages = new Map()
function livePage(ctx) {
  const page = pageOf(ctx)
  let live = livePages.get(page)
  if (!live) {
    live = { streams: new Set(), sessions: undefined, soldOut: undefined }
    livePages.set(page, live)
  }
  return live
}

/** Opens an event stream and keeps it with the page's others. */
function openLive(ctx) {
  // Closed by its page while the answer waited (`emb_slow`): its `close` has been and gone, so it
  // would be counted open for good.
  if (ctx.req.socket.destroyed) return noAnswer(ctx)
  const live = livePage(ctx)
  ctx.status = 200
  ctx.respond = false
  ctx.res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' })
  ctx.res.write('event: ready\ndata: {}\n\n')
  live.streams.add(ctx.res)
  ctx.req.on('close', () => live.streams.delete(ctx.res))
}

/** `POST /__mock/live`: changes the page's sessions or sold-out tickets and/or sends an event to its streams. */
async function driveLive(ctx) {
  const live = livePage(ctx)
  const body = (await readJson(ctx.req)) ?? {}
  if (body.sessions) live.sessions = body.sessions
  if (body.soldOut) live.soldOut = body.soldOut
  if (body.reset) {
    live.sessions = undefined
    live.soldOut = undefined
  }
  if (body.event) {
    for (const res of live.streams) {
      res.write(`event: ${body.event}\ndata: ${JSON.stringify(body.data ?? {})}\n\n`)
      if (body.event === 'refused') res.end()
    }
  }
  return ok(ctx, { streams: live.streams.size })
}

/** The fixture event, with the tickets a test sold out since (`POST /__mock/live` `{soldOut}`). */
function eventOf(live) {
  const event = load('event')
  if (!live.soldOut) return event
  return { ...event, tickets: event.tickets.map((t) => (live.soldOut.includes(t.id) ? { ...t, sold_out: true } : t)) }
}

function data(eventId, ctx) {
  if (eventId === EVENT_ID)
    return { event: eventOf(livePage(ctx)), sessions: livePage(ctx).sessions ?? load('sessions'), speakers: load('speakers') }
  if (eventId === LONG_DAY_EVENT_ID)
    return { event: { ...load('event'), id: eventId, name: 'Long Day' }, sessions: longDay(), speakers: [] }
  if (eventId === SIX_ROOMS_EVENT_ID)
    return { event: { ...load('event'), id: eventId, name: 'Six Rooms' }, sessions: sixRooms(), speakers: [] }
  const event = { ...load('event'), id: EMPTY_EVENT_ID, name: 'Empty Event', tickets: [], questions: [], privacy_notice: null }
  return { event, sessions: [], speakers: [] }
}

/** The body of the last registration accepted, per test page (`GET /__mock/last-registration`). */
const lastRegistrations = new Map()

function register(ctx, body, event) {
  const fields = []
  const allowed = ['name', 'email', 'ticket_id', 'answers', 'consent', 'locale', 'website']
  if (!body || typeof body !== 'object') return fail(ctx, 400, 'VALIDATION_ERROR', 'Invalid body', { fields: [] })
  for (const key of Object.keys(body)) if (!allowed.includes(key)) fields.push({ path: key, message: 'Unknown field' })
  if (body.website) fields.push({ path: 'website', message: 'Must be empty' })
  if (typeof body.name !== 'string' || !body.name.trim() || body.name.length > 200)
    fields.push({ path: 'name', message: 'Name is required' })
  else if (/[\p{Cc}\u2028\u2029]/u.test(body.name))
    fields.push({ path: 'name', message: 'name must be one line, without control characters' })
  if (typeof body.email !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(body.email))
    fields.push({ path: 'email', message: 'Invalid email' })
  if (body.email === 'bounces@example.com') fields.push({ path: 'email', message: 'This address rejects mail from us' })
  if (event.tickets.length && !event.tickets.some((t) => t.id === body.ticket_id))
    fields.push({ path: 'ticket_id', message: 'Unknown ticket' })
  // The rules of embed-server/src/registrations (answers-validation.ts), in short.
  const answers = body.answers ?? {}
  for (const q of event.questions ?? []) {
    const asked = !q.ticket_ids?.length || q.ticket_ids.includes(body.ticket_id)
    if (asked && q.required && (!Object.hasOwn(answers, q.id) || answers[q.id] === false))
      fields.push({ path: `answers.${q.id}`, message: 'Answer this question' })
  }
  if (answers.company === 'Taken Inc') fields.push({ path: 'answers.company', message: 'This company has used all its places' })
  if (event.privacy_notice && body.consent !== true) fields.push({ path: 'consent', message: 'Accept the privacy notice to register' })
  if (fields.length) return fail(ctx, 400, 'VALIDATION_ERROR', 'Validation failed', { fields })
  // flaky@… fails once with a server error, then succeeds: a retry of a failed submit.
  if (body.email.startsWith('flaky@')) {
    const key = `flaky ${body.email}`
    const counts = pageCounts(ctx)
    counts.set(key, (counts.get(key) ?? 0) + 1)
    if (counts.get(key) === 1) return fail(ctx, 500, 'INTERNAL_ERROR', 'Internal error')
  }
  if (event.tickets.find((t) => t.id === body.ticket_id)?.sold_out || body.email === 'last-place@example.com')
    return fail(ctx, 409, 'SOLD_OUT', 'This ticket is sold out')
  lastRegistrations.set(pageOf(ctx), body)
  // A new registration and a repeat of a registered email are answered alike, from what was sent.
  // Events confirm registrations by email by default (`pending`: the form says "check your
  // inbox"); an address at instant.example stands for an event that does not (`registered`).
  const status = body.email.endsWith('@instant.example') ? 'registered' : 'pending'
  return ok(ctx, { event_id: event.id, name: body.name.trim(), ticket_id: body.ticket_id ?? null, status }, 201)
}

/**
 * A first screen of the page's data, drawn by the widgets' own renderer (dist-server/, which the
 * test run builds) as the embed server draws it: its reads answered from `data` as the JSON reads
 * answer them (`embed-server/src/first-screen/first-screen-reader.ts`).
 */
async function firstScreen(ctx, prefix, eventId, tag) {
  const { renderFirstScreen } = await import('../dist-server/first-screen.js')
  const d = data(eventId, ctx)
  const read = (r) => {
    if (r.part === 'event') return d.event
    if (r.attribute === undefined) return d[r.part]
    const item = d[r.part].find((x) => x.id === r.id)
    if (!item) throw new Error(`no ${r.part} ${r.id}`)
    return item
  }
  const { token, delay, ...attrs } = ctx.query
  const apiRoot = `${ctx.origin}/${prefix}/`
  try {
    const html = await renderFirstScreen(tag, { eventId, token, attrs, apiRoot }, read)
    if (delay) await sleep(Number(delay))
    ctx.status = 200
    ctx.set('Content-Type', 'text/html; charset=utf-8')
    ctx.set('Cache-Control', 'no-store')
    ctx.body = html
  } catch (err) {
    fail(ctx, 404, 'NOT_FOUND', String(err))
  }
}

/** Koa middleware answering `/v1/events/…` and `/dist/events/…` (the loader's default base). */
export async function mockEmbedApi(ctx, next) {
  if (ctx.path === '/__mock/requests') return ok(ctx, Object.fromEntries(pageCounts(ctx)))
  if (ctx.path === '/__mock/last-registration') return ok(ctx, lastRegistrations.get(pageOf(ctx)) ?? null)
  if (ctx.path === '/__mock/reset') {
    lastRegistrations.delete(pageOf(ctx))
    pageCounts(ctx).clear()
    livePage(ctx).sessions = undefined
    livePage(ctx).soldOut = undefined
    return ok(ctx, {})
  }
  if (ctx.path === '/__mock/live') return driveLive(ctx)
  const screen = /^\/(v1|dist)\/events\/([^/]+)\/first-screen\/(service-[a-z-]+)$/.exec(ctx.path)
  if (screen) {
    const counts = pageCounts(ctx)
    counts.set(`GET ${ctx.path}`, (counts.get(`GET ${ctx.path}`) ?? 0) + 1)
    const [, prefix, eventId, tag] = screen
    if (ctx.query.token !== 'emb_valid' || !UUID.test(eventId)) return fail(ctx, 401, 'INVALID_TOKEN', 'Invalid token')
    return firstScreen(ctx, prefix, eventId, tag)
  }
  const m = /^\/(?:v1|dist)\/events\/([^/]+)(?:\/(sessions|speakers|registrations|access|live)(?:\/([^/]+))?)?\/?$/.exec(ctx.path)
  if (!m) return next()
  const key = `${ctx.method} ${ctx.path}`
  const counts = pageCounts(ctx)
  counts.set(key, (counts.get(key) ?? 0) + 1)
  if (ctx.method === 'OPTIONS') {
    ctx.status = 204
    return
  }
  const token = ctx.query.token || (ctx.get('Authorization').match(/^Bearer (.+)$/) ?? [])[1]
  const [, eventId, kind, id] = m
  if (token in HIDDEN) {
    if (kind !== 'access' || !HIDDEN[token]) return noAnswer(ctx)
    const [code, message] = HIDDEN[token]
    ctx.set('Access-Control-Allow-Origin', '*')
    return send(ctx, 200, { success: true, data: { allowed: false, code, message } })
  }
  if (kind === 'access') return ok(ctx, { allowed: true, calendar_feed: token !== 'emb_no_feed' })
  if (!token) return fail(ctx, 401, 'TOKEN_MISSING', 'An embed token is required')
  if (REJECT[token]) {
    const [status, code, message] = REJECT[token]
    if (status === 429) ctx.set('Retry-After', '30')
    return fail(ctx, status, code, message)
  }
  if (token !== 'emb_valid' && token !== 'emb_slow' && token !== 'emb_no_feed') return fail(ctx, 401, 'INVALID_TOKEN', 'Invalid token')
  if (token === 'emb_slow') await sleep(400)
  if (!UUID.test(eventId) || (id && !UUID.test(id)))
    return fail(ctx, 400, 'VALIDATION_ERROR', 'Malformed id', { fields: [{ path: 'id', message: 'Invalid uuid' }] })
  if (![EVENT_ID, EMPTY_EVENT_ID, LONG_DAY_EVENT_ID, SIX_ROOMS_EVENT_ID].includes(eventId))
    return fail(ctx, 404, 'NOT_FOUND', 'Event not found')
  if (kind === 'live') return openLive(ctx)
  const d = data(eventId, ctx)
  if (kind === 'registrations') {
    if (ctx.method !== 'POST') return fail(ctx, 404, 'NOT_FOUND', 'Not found')
    await sleep(150)
    return register(ctx, await readJson(ctx.req), d.event)
  }
  if (!kind) return ok(ctx, d.event)
  const list = d[kind]
  if (!id) return ok(ctx, list)
  const item = list.find((x) => x.id === id)
  return item ? ok(ctx, item) : fail(ctx, 404, 'NOT_FOUND', 'Not found')
}
