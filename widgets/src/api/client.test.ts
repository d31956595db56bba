import { expect, fixture, html } from '@open-wc/testing'
import { API, EVENT_ID, requestCounts, reset, root, text, until } from '../test-support/helpers.js'
import type { ApiError } from './api-error.js'
import { EmbedClient } from './client.js'
import '../components/session-list/session-list.js'

const base = `${API}/v1/`
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a rejection'),
    (err: ApiError) => err,
  )

/**
 * The real embed server gives a refused token no CORS grant, so a page on another origin cannot
 * read the refusal: the browser reports a failed fetch. The mock answers such tokens with no
 * answer at all, and the client must then learn why from `GET …/access`.
 */
describe('EmbedClient, when a refusal cannot be read', () => {
  beforeEach(reset)

  it('asks …/access once for reads that fail together, and reports its code', async () => {
    const api = new EmbedClient(base, EVENT_ID, 'emb_hidden_disabled')
    const [a, b] = await Promise.all([failure(api.event()), failure(api.sessions())])
    expect([a.code, b.code]).to.deep.equal(['TOKEN_DISABLED', 'TOKEN_DISABLED'])
    expect(a.message).to.equal('This embed token has been disabled')
    const counts = await requestCounts()
    expect(counts[`GET /v1/events/${EVENT_ID}/access`]).to.equal(1)
  })

  it('reports a failed registration with the verdict too', async () => {
    const api = new EmbedClient(base, EVENT_ID, 'emb_hidden_origin')
    const err = await failure(api.register({ name: 'Ada', email: 'ada@example.com', website: '' }))
    expect(err.code).to.equal('ORIGIN_NOT_ALLOWED')
  })

  it('stays a network error when …/access cannot be reached either', async () => {
    const api = new EmbedClient(base, EVENT_ID, 'emb_unreachable')
    expect((await failure(api.event())).code).to.equal('NETWORK_ERROR')
  })

  it('lets a widget say what the site owner must fix', async () => {
    const el = await fixture(
      html`<service-session-list event-id=${EVENT_ID} token="emb_hidden_origin" api-base=${API}></service-session-list>`,
    )
    const error = await until(() => root(el).querySelector('[part=error]'), 'the error state')
    expect(text(error)).to.contain(
      `This site (${location.origin}) is not in the token’s allowed origins. Add ${location.origin} to the token’s allowedOrigins`,
    )
  })
})
