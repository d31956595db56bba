import { expect } from '@open-wc/testing'
import { countDateFormats, EVENT_ID, root, until } from './test-support/helpers.js'

// A page of its own: the loader warms ICU once per page, for the first element that needs it.
describe('loader.js on a page with only the speaker gallery', () => {
  it('does not start ICU, which the first screen of the gallery does not need', async () => {
    const dateFormats = countDateFormats()
    const gallery = document.createElement('service-speakers')
    gallery.setAttribute('event-id', EVENT_ID)
    gallery.setAttribute('token', 'emb_valid')
    document.body.append(gallery)
    const script = document.createElement('script')
    script.src = '/dist/loader.js'
    document.head.append(script)
    await until(() => root(gallery)?.querySelector('[part=speaker]'), 'the gallery drawn')
    // The loader's warm-up is a task queued before the code downloads: it would have run by now.
    expect(dateFormats.made).to.equal(0)
  })
})
