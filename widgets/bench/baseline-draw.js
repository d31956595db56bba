// Plain-DOM baselines: what a hand-written page needs to show each element's view of the same
// data, with fetch and createElement, no framework. The benchmark inlines this file into each
// baseline page and calls `draw(kind, container)` for every element the page shows; the page's
// own <style> (BASELINE_CSS in widgets.bench.ts) gives the drawn nodes a comparable layout.
/* global API, SESSION_ID, SPEAKER_ID, SHOWN */
const get = (path) =>
  fetch(`${API}${path}?token=emb_bench`)
    .then((r) => r.json())
    .then((b) => b.data)
const el = (tag, cls, text) => {
  const e = document.createElement(tag)
  if (cls) e.className = cls
  if (text !== undefined) e.textContent = text
  return e
}
const when = (tz, lang = 'en-GB') => ({
  day: new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }),
  time: new Intl.DateTimeFormat(lang, { timeZone: tz, hour: '2-digit', minute: '2-digit' }),
  long: new Intl.DateTimeFormat(lang, {
    timeZone: tz,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }),
})
const range = (f, s) => f.formatRange(new Date(s.starts_at), new Date(s.ends_at))
/** A long list's first SHOWN items, then how many show and a button for more, as the elements page. */
const firstPage = (items, drawItem, container) => {
  for (const item of items.slice(0, SHOWN)) container.append(drawItem(item))
  if (items.length <= SHOWN) return [container]
  const more = el('div', 'more')
  more.append(
    el('span', 'm', `Showing ${SHOWN} of ${items.length}`),
    el('button', '', `Show ${Math.min(SHOWN, items.length - SHOWN)} more`),
  )
  return [container, more]
}
/** A session's lines in a card or a list item: when, title, speakers, room and track. */
const sessionLines = (s, when) => [
  el('span', 't', when),
  el('span', 'title', s.title),
  el('span', 'm', s.speakers.map((p) => p.name).join(', ')),
  el('span', 'm', `${s.room} · ${s.track}`),
]

const DRAW = {
  // The first day as a grid of cards by room: time, title, speakers, room and track.
  async schedule(root) {
    const [event, sessions] = await Promise.all([get(''), get('/sessions')])
    const f = when(event.timezone)
    const first = f.day.format(new Date(sessions[0].starts_at))
    const day = sessions.filter((s) => f.day.format(new Date(s.starts_at)) === first)
    const rooms = [...new Set(day.map((s) => s.room))].sort()
    const grid = el('div', 'grid')
    for (const s of day) {
      const card = el('div', 'session')
      card.style.gridColumn = String(rooms.indexOf(s.room) + 2)
      card.append(...sessionLines(s, range(f.time, s)))
      grid.append(card)
    }
    root.append(grid)
  },
  // The next 20 sessions, a page of them shown: when, title, speakers, room and track.
  async 'session-list'(root) {
    const [event, sessions] = await Promise.all([get(''), get('/sessions')])
    const f = when(event.timezone)
    const next = sessions.filter((s) => Date.parse(s.ends_at) > Date.now()).slice(0, 20)
    const drawItem = (s) => {
      const item = el('li', 'item')
      item.append(...sessionLines(s, range(f.long, s)))
      return item
    }
    root.append(...firstPage(next, drawItem, el('ol', 'list')))
  },
  // One session: event name, title, when and where, abstract, speakers.
  async 'session-detail'(root) {
    const [event, s] = await Promise.all([get(''), get(`/sessions/${SESSION_ID}`)])
    const f = when(event.timezone)
    const card = el('article', 'card')
    card.append(el('p', 'm', event.name), el('h2', 'title', s.title), el('p', 't', `${range(f.long, s)} · ${s.room} · ${s.track}`))
    card.append(el('p', '', s.description))
    const people = el('ul', 'people')
    for (const p of s.speakers) people.append(el('li', '', `${p.name}, ${p.title}, ${p.company}`))
    card.append(people)
    root.append(card)
  },
  // The speakers as tiles, a page of them shown: initials, name, affiliation.
  async speakers(root) {
    const [, speakers] = await Promise.all([get(''), get('/speakers')])
    const drawTile = (p) => {
      const tile = el('li', 'tile')
      const initials = p.name
        .split(/\s+/)
        .map((w) => w[0])
        .slice(0, 2)
        .join('')
      tile.append(el('span', 'avatar', initials), el('span', 'title', p.name), el('span', 'm', `${p.title}, ${p.company}`))
      return tile
    }
    root.append(...firstPage(speakers, drawTile, el('ul', 'tiles')))
  },
  // One speaker's profile: name, affiliation, bio, links and sessions with their times.
  async 'speaker-card'(root) {
    const [event, p] = await Promise.all([get(''), get(`/speakers/${SPEAKER_ID}`)])
    const f = when(event.timezone)
    const card = el('article', 'card')
    card.append(el('h2', 'title', p.name), el('p', 'm', `${p.title}, ${p.company}`), el('p', '', p.bio))
    const links = el('ul', 'people')
    for (const l of p.links) {
      const a = el('a', '', l.label ?? new URL(l.url).host)
      a.href = l.url
      const li = el('li')
      li.append(a)
      links.append(li)
    }
    const sessions = el('ul', 'people')
    for (const s of p.sessions) sessions.append(el('li', '', `${range(f.long, s)} ${s.title}`))
    card.append(links, sessions)
    root.append(card)
  },
  // The registration form: name, email, ticket choice, submit.
  async registration(root) {
    const event = await get('')
    const form = el('form', 'card')
    form.append(el('h2', 'title', 'Registration'), el('p', 'm', event.name))
    for (const [name, label, type] of [
      ['name', 'Name', 'text'],
      ['email', 'Email', 'email'],
    ]) {
      const l = el('label', 'field', label)
      const input = el('input')
      input.name = name
      input.type = type
      l.append(input)
      form.append(l)
    }
    const tickets = el('fieldset')
    tickets.append(el('legend', '', 'Ticket'))
    for (const k of event.tickets) {
      const l = el('label', 'field')
      const radio = el('input')
      radio.type = 'radio'
      radio.name = 'ticket'
      radio.value = k.id
      l.append(radio, el('span', 'title', k.name), el('span', 'm', `${k.description} · ${k.price}`))
      tickets.append(l)
    }
    const submit = el('button', '', 'Register')
    submit.type = 'submit'
    form.append(tickets, submit)
    root.append(form)
  },
}

// biome-ignore lint/correctness/noUnusedVariables: called by the page the benchmark builds
const draw = (kind, root) => DRAW[kind](root)
