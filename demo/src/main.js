// Boots the demo page: reads the configuration and the widgets' manifest, then builds the
// gallery and the snippet builder from them.

import { mountBuilder } from './builder.js'
import { addLoader, loadDemoData } from './demo-data.js'
import { h } from './dom.js'
import { mountGallery } from './gallery.js'
import { mountLiveControl } from './live-control.js'
import { mountMailbox } from './mailbox.js'

const THEME_KEY = 'event-widgets-demo-theme'

setUpThemeToggle()
setUpMenu()
try {
  const data = await loadDemoData()
  addLoader(data.config.loaderUrl)
  showEvent(data)
  const builder = mountBuilder(document.querySelector('#builder'), data)
  mountGallery(document.querySelector('#gallery-grid'), data, { onCustomise: (tag) => builder.select(tag) })
  mountLiveControl(document.querySelector('#live-control'))
  const mailbox = mountMailbox(document.querySelector('#mailbox'))
  document.addEventListener('service-registration-submit', (e) => {
    toast(`Registered ${e.detail?.registration?.name ?? 'a visitor'} for the demo event: see the demo mailbox.`)
    // The email is written with the registration: it is in the outbox already.
    void mailbox.refresh()
  })
  document.body.dataset.ready = 'true'
} catch (error) {
  document
    .querySelector('#problem')
    .replaceChildren(h('strong', {}, 'The demo could not start. '), error instanceof Error ? error.message : String(error))
  document.querySelector('#problem').hidden = false
  document.body.dataset.ready = 'error'
}

function showEvent({ config, event, elements }) {
  if (event) {
    document.querySelector('#event-name').textContent = event.name
    const zone = event.timezone
    const range = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: zone }).formatRange(
      new Date(event.starts_at),
      new Date(event.ends_at),
    )
    document.querySelector('#event-meta').textContent = [range, event.venue, zone].filter(Boolean).join(' · ')
  }
  document.querySelector('#element-count').textContent = String(elements.length)
  const admin = config.adminUrl.replace(/\/+$/, '')
  const docs = `${admin.replace(/\/v1$/, '')}/docs`
  setLink('#link-docs', docs)
  setLink('#link-openapi', `${admin}/openapi.json`)
  setLink('#link-manifest', `${config.embedUrl}/v1/custom-elements.json`)
  document.querySelector('#loader-url').textContent = config.loaderUrl
}

function setLink(selector, href) {
  const link = document.querySelector(selector)
  link.href = href
}

function setUpThemeToggle() {
  const root = document.documentElement
  const stored = localStorage.getItem(THEME_KEY)
  root.dataset.theme = stored ?? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light')
  const button = document.querySelector('#theme-toggle')
  const label = () => {
    const dark = root.dataset.theme === 'dark'
    button.setAttribute('aria-pressed', String(dark))
    button.querySelector('.theme-toggle__text').textContent = dark ? 'Dark' : 'Light'
  }
  label()
  button.addEventListener('click', () => {
    root.dataset.theme = root.dataset.theme === 'dark' ? 'light' : 'dark'
    localStorage.setItem(THEME_KEY, root.dataset.theme)
    label()
  })
}

/**
 * The "Menu" button of narrow screens: a disclosure for the section links. It closes when a link
 * is followed, on Escape (focus back on the button) and on a click elsewhere.
 */
function setUpMenu() {
  const bar = document.querySelector('.topbar')
  const button = document.querySelector('#menu-toggle')
  const nav = document.querySelector('#site-nav')
  const set = (open) => {
    bar.toggleAttribute('data-menu-open', open)
    button.setAttribute('aria-expanded', String(open))
  }
  button.addEventListener('click', () => set(button.getAttribute('aria-expanded') !== 'true'))
  nav.addEventListener('click', (e) => e.target.closest('a') && set(false))
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || button.getAttribute('aria-expanded') !== 'true') return
    set(false)
    button.focus()
  })
  document.addEventListener('click', (e) => !bar.contains(e.target) && set(false))
}

function toast(message) {
  const region = document.querySelector('#toasts')
  const item = h('div', { className: 'toast' }, message)
  region.append(item)
  setTimeout(() => item.remove(), 5000)
}
