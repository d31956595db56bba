import { expect, fixture, html } from '@open-wc/testing'
import { API, EMPTY_EVENT_ID, EVENT_ID, loaded, reset, root } from '../../test-support/helpers.js'
import type { ServiceRegistration } from './registration.component.js'
import './registration.js'

/** Fetches of the question renderers' module so far in this page. */
const questionChunkLoads = () => performance.getEntriesByType('resource').filter((e) => /registration-questions/.test(e.name)).length

// Its own file (its own page): no other test has loaded the question renderers before it.
describe('service-registration question renderers', () => {
  beforeEach(reset)

  it('are loaded only when the event has questions', async () => {
    const plain = await fixture<ServiceRegistration>(
      html`<service-registration event-id=${EMPTY_EVENT_ID} token="emb_valid" api-base=${API} locale="en"></service-registration>`,
    )
    await loaded(plain)
    expect(root(plain).querySelector('form')).to.exist
    expect(questionChunkLoads()).to.equal(0)

    const asking = await fixture<ServiceRegistration>(
      html`<service-registration event-id=${EVENT_ID} token="emb_valid" api-base=${API} locale="en"></service-registration>`,
    )
    await loaded(asking)
    expect(root(asking).querySelector('[part~=question]')).to.exist
    expect(questionChunkLoads()).to.equal(1)
  })
})
