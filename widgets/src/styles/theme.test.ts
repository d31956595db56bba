import { expect, fixture, html } from '@open-wc/testing'
import { emulateMedia } from '@web/test-runner-commands'
import { API, EVENT_ID, loaded, reset } from '../test-support/helpers.js'
import type { ServiceRegistration } from '../components/registration/registration.component.js'
import '../components/registration/registration.js'

/** Every private colour token of the theme, and the scheme it sets. */
const TOKENS = [
  '--_bg',
  '--_surface',
  '--_surface-2',
  '--_text',
  '--_muted',
  '--_border',
  '--_accent',
  '--_on-accent',
  '--_accent-soft',
  '--_danger',
  '--_success',
  '--_shadow',
  '--_l',
  'color-scheme',
]

const palette = (el: Element) => TOKENS.map((name) => `${name}: ${getComputedStyle(el).getPropertyValue(name).trim()}`)

const element = async (theme: string) => {
  const el = await fixture<ServiceRegistration>(
    html`<service-registration event-id=${EVENT_ID} token="emb_valid" api-base=${API} theme=${theme}></service-registration>`,
  )
  await loaded(el)
  return el
}

// The dark palette is written once and applies in two places: `theme="dark"`, and `theme="auto"`
// on a system set to dark. Both must show the same colours, and `auto` on a light system the light ones.
describe('theme', () => {
  beforeEach(reset)
  afterEach(() => emulateMedia({ colorScheme: 'light' }))

  it('gives theme="auto" the dark palette on a dark system and the light one on a light system', async () => {
    await emulateMedia({ colorScheme: 'dark' })
    const dark = palette(await element('dark'))
    const light = palette(await element('light'))
    expect(dark).to.not.deep.equal(light)
    expect(dark).to.include('color-scheme: dark')
    expect(palette(await element('auto'))).to.deep.equal(dark)
    await emulateMedia({ colorScheme: 'light' })
    expect(palette(await element('auto'))).to.deep.equal(light)
  })
})
