// Every element of the manifest, live against the demo event.

import { h } from './dom.js'

/**
 * @param {HTMLElement} root
 * @param {import('./demo-data.js').DemoData} data
 * @param {{ onCustomise(tagName: string): void }} actions
 */
export function mountGallery(root, data, actions) {
  const cards = data.elements.map((element) => {
    const live = document.createElement(element.tagName)
    const declared = new Set(element.attributes.map((a) => a.name))
    live.setAttribute('event-id', data.config.eventId)
    live.setAttribute('token', data.config.token)
    // Elements that show one session or speaker get one of the demo event's.
    for (const name of declared) {
      if (name.endsWith('session-id') && data.sessions[0]) live.setAttribute(name, pickSession(data.sessions).id)
      if (name.endsWith('speaker-id') && data.speakers[0]) live.setAttribute(name, data.speakers[0].id)
    }
    return h(
      'article',
      { className: 'card', dataset: { tag: element.tagName }, 'aria-labelledby': `card-${element.tagName}` },
      h(
        'header',
        { className: 'card__header' },
        h(
          'div',
          {},
          h('h3', { id: `card-${element.tagName}` }, h('code', {}, `<${element.tagName}>`)),
          h('p', { className: 'muted' }, element.summary),
        ),
        h(
          'button',
          { type: 'button', className: 'button button--ghost', onclick: () => actions.onCustomise(element.tagName) },
          'Customise',
        ),
      ),
      h('div', { className: 'card__stage' }, live),
    )
  })
  root.replaceChildren(...cards)
  const applyTheme = () => {
    const theme = document.documentElement.dataset.theme ?? 'light'
    for (const element of data.elements) {
      if (!element.attributes.some((a) => a.name === 'theme')) continue
      for (const live of root.querySelectorAll(element.tagName)) live.setAttribute('theme', theme)
    }
  }
  applyTheme()
  new MutationObserver(applyTheme).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
}

/** A talk with speakers shows more of the detail widget than a coffee break. */
function pickSession(sessions) {
  return sessions.find((s) => s.speakers?.length && s.description) ?? sessions[0]
}
