// The demo mailbox: the demo event's confirmation emails as they wait in the outbox (no SMTP_URL),
// read from the demo server's /mailbox.json. Every text goes in as a text node.

import { h } from './dom.js'

/**
 * @param {HTMLElement} section the #mailbox section
 * @returns {{ refresh(): Promise<void> }}
 */
export function mountMailbox(section) {
  const list = section.querySelector('#mailbox-list')
  const refresh = async () => {
    const res = await fetch('/mailbox.json', { cache: 'no-store' })
    if (!res.ok) return
    const mailbox = await res.json()
    if (mailbox.mode === 'smtp') {
      list.replaceChildren(h('li', { className: 'mailbox__empty muted' }, 'SMTP_URL is set: confirmation emails go to real inboxes.'))
      return
    }
    if (mailbox.messages.length === 0) {
      list.replaceChildren(h('li', { className: 'mailbox__empty muted' }, 'No emails yet.'))
      return
    }
    list.replaceChildren(...mailbox.messages.map(message))
  }
  section.querySelector('#mailbox-refresh').addEventListener('click', () => void refresh())
  void refresh()
  return { refresh }
}

/** One email: who, what and when, and its text and attachment when opened. */
function message(m) {
  const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(m.created_at))
  const ics = m.ics
    ? h('a', { href: URL.createObjectURL(new Blob([m.ics], { type: 'text/calendar' })), download: 'event.ics' }, 'event.ics')
    : null
  return h(
    'li',
    { className: 'mailbox__item' },
    h(
      'details',
      {},
      h('summary', {}, h('strong', {}, m.subject), h('span', { className: 'muted' }, ` to ${m.to} · ${when} · ${m.status}`)),
      h('pre', { className: 'mailbox__text' }, linkified(m.text)),
      ics ? h('p', {}, 'Attachment: ', ics) : null,
    ),
  )
}

/** The text with its links clickable (the cancel link), everything else as text. */
function linkified(text) {
  const fragment = document.createDocumentFragment()
  let last = 0
  for (const match of text.matchAll(/https?:\/\/\S+/g)) {
    fragment.append(text.slice(last, match.index), h('a', { href: match[0], target: '_blank', rel: 'noopener' }, match[0]))
    last = match.index + match[0].length
  }
  fragment.append(text.slice(last))
  return fragment
}
