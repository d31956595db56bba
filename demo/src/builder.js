// The snippet builder: pick an element, set the attributes its manifest entry declares, see it
// live, copy the exact HTML. The sessions, speakers, tracks and rooms it offers come from the
// event and token entered under "Your event and token", read through the embed API from this page
// exactly as a widget here would read them; when the token does not allow this page's origin,
// the id fields become free text and the reason is shown.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

import { loadEventChoices } from './demo-data.js'
import { h, renderHighlightedHtml } from './dom.js'
import { CONNECTION_ATTRIBUTES } from './manifest.js'
import { EVENT_VALUES, elementHtml, fallbackLink, idChoices, snippetAttributes, snippetHtml, widgetTheme } from './snippet.js'

/**
 * @param {HTMLElement} root the builder section of index.html
 * @param {import('./demo-data.js').DemoData} data
 * @returns {{ select(tagName: string): void }}
 */
export function mountBuilder(root, data) {
  const $ = (selector) => /** @type {HTMLElement} */ (root.querySelector(selector))
  const elementSelect = /** @type {HTMLSelectElement} */ ($('#builder-element'))
  const eventIdInput = /** @type {HTMLInputElement} */ ($('#builder-event-id'))
  const tokenInput = /** @type {HTMLInputElement} */ ($('#builder-token'))
  const controls = $('#builder-attributes')
  const connectionExtras = $('#builder-connection-extras')
  const summary = $('#builder-summary')
  const styling = $('#builder-styling')
  const stage = $('#builder-preview')
  const code = $('#builder-code')
  const copyButton = $('#builder-copy')
  const copyStatus = $('#builder-copy-status')
  const sourceStatus = $('#builder-source')
  const fallbackInput = /** @type {HTMLInputElement} */ ($('#builder-fallback'))

  /** What the id pickers offer: the demo event's items until the owner enters their own. @type {import('./demo-data.js').EventChoices} */
  let choices = { status: 'ok', event: data.event, sessions: data.sessions, speakers: data.speakers }
  /** Which read of the owner's event is the latest (an older answer arriving late is dropped). */
  let reading = 0

  /** Current attribute values by name; absent = not written. @type {Map<string, string | null>} */
  let values = new Map()
  // The schedule is what most organisers embed first.
  let current = data.elements.find((el) => el.tagName === 'service-schedule') ?? data.elements[0]
  let snippet = ''

  elementSelect.replaceChildren(...data.elements.map((el) => h('option', { value: el.tagName }, `<${el.tagName}>`)))
  elementSelect.value = current.tagName
  eventIdInput.value = data.config.eventId
  tokenInput.value = data.config.token

  const attributeLines = () => snippetAttributes(current, { eventId: eventIdInput.value, token: tokenInput.value }, values)

  // The stage behind the preview matches the theme the widget will actually use.
  const stageTheme = () => widgetTheme(current, values, matchMedia('(prefers-color-scheme: dark)').matches)

  /** The fallback link inside the element, when the owner gave one. */
  const fallback = () => fallbackLink(current.tagName, fallbackInput.value)

  const update = () => {
    const lines = attributeLines()
    snippet = snippetHtml(data.config.loaderUrl, current.tagName, lines, fallback())
    renderHighlightedHtml(code, snippet)
    stage.dataset.theme = stageTheme()
    // The preview is parsed from the very markup the snippet shows (values are escaped).
    stage.innerHTML = elementHtml(current.tagName, lines, fallback())
    copyStatus.textContent = ''
  }

  /** Draws the attribute controls; `keep` keeps the values set so far, except those naming the old event's items. */
  const renderControls = (keep = false) => {
    values = keep ? new Map([...values].filter(([name]) => !EVENT_VALUES.includes(name))) : new Map()
    summary.textContent = current.summary
    const editable = current.attributes.filter((a) => !CONNECTION_ATTRIBUTES.includes(a.name))
    controls.replaceChildren(...editable.map((attribute) => attributeControl(attribute, choices, values, update)))
    if (editable.length === 0) controls.append(h('p', { className: 'muted' }, 'This element takes no other attributes.'))
    // Where the data comes from sits with the event and token; only the manifest says it exists.
    const apiBase = current.attributes.find((a) => a.name === 'api-base')
    connectionExtras.replaceChildren(...(apiBase ? [attributeControl(apiBase, choices, values, update)] : []))
    renderStyling(styling, current)
    update()
  }

  /** Says where the lists come from, or why there are none. */
  const showSource = (text, state) => {
    sourceStatus.textContent = text
    sourceStatus.dataset.state = state
  }

  /** Reads the entered event with the entered token, then offers its items (or free text, and why not). */
  const readEvent = async () => {
    const eventId = eventIdInput.value.trim()
    const token = tokenInput.value.trim()
    const read = ++reading
    const origin = location.origin
    if (eventId === data.config.eventId && token === data.config.token) {
      choices = { status: 'ok', event: data.event, sessions: data.sessions, speakers: data.speakers }
      showSource(`Choices from the demo event${data.event ? ` “${data.event.name}”` : ''}.`, 'demo')
    } else if (!UUID.test(eventId) || !/^emb_\w+$/.test(token)) {
      choices = { status: 'refused', code: 'ATTRIBUTE_INVALID', message: '' }
      showSource(
        !UUID.test(eventId)
          ? 'The event ID is not a UUID: use the id the admin API returned for your event. Ids below are free text until then.'
          : 'The token is not an embed token (emb_…): create one with POST /v1/embed-tokens. Ids below are free text until then.',
        'refused',
      )
    } else {
      showSource('Reading your event through the embed API…', 'loading')
      const answer = await loadEventChoices(data.config.embedUrl, eventId, token)
      if (read !== reading) return
      choices = answer
      if (answer.status === 'ok') {
        showSource(
          `Choices from your event “${answer.event.name}”: ${count(answer.sessions.length, 'session')}, ${count(answer.speakers.length, 'speaker')}.`,
          'owner',
        )
      } else {
        showSource(
          answer.code === 'ORIGIN_NOT_ALLOWED'
            ? `Your token does not allow this page (${origin}), so the builder cannot list your event’s sessions, speakers, tracks and rooms: type their ids below. The snippet still works on the sites your token allows (and the preview here shows what any other site shows). To pick from lists here, add ${origin} to the token’s allowedOrigins for a while.`
            : `The embed server refused to read this event with this token (${answer.code}: ${answer.message}). Type the ids below, and check the event ID and token.`,
          'refused',
        )
      }
    }
    renderControls(true)
  }

  elementSelect.addEventListener('change', () => {
    current = data.elements.find((el) => el.tagName === elementSelect.value) ?? data.elements[0]
    renderControls()
  })
  for (const input of [eventIdInput, tokenInput]) input.addEventListener('change', () => void readEvent())
  fallbackInput.addEventListener('change', update)
  $('#builder-reset-connection').addEventListener('click', () => {
    eventIdInput.value = data.config.eventId
    tokenInput.value = data.config.token
    void readEvent()
  })
  copyButton.addEventListener('click', async () => {
    copyStatus.textContent = (await copyText(snippet)) ? 'Copied to the clipboard.' : 'Select the code and copy it by hand.'
  })

  showSource(`Choices from the demo event${data.event ? ` “${data.event.name}”` : ''}.`, 'demo')
  renderControls()
  return {
    select(tagName) {
      elementSelect.value = tagName
      elementSelect.dispatchEvent(new Event('change'))
      root.scrollIntoView({ behavior: 'smooth', block: 'start' })
    },
  }
}

/** "3 sessions", "1 speaker". */
function count(n, noun) {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}

/**
 * One labelled control for one manifest attribute, showing its value in `values` if it has one.
 *
 * @param {import('./manifest.js').AttributeSpec} attribute
 * @param {import('./demo-data.js').EventChoices} source the event's items to choose from
 * @param {Map<string, string | null>} values
 * @param {() => void} onChange
 */
function attributeControl(attribute, source, values, onChange) {
  const id = `attr-${attribute.name}`
  const hintId = `${id}-hint`
  const choices = idChoices(attribute.name, source.status === 'ok' ? source : undefined)
  const initial = values.get(attribute.name)
  const set = (value) => {
    if (value === undefined) values.delete(attribute.name)
    else values.set(attribute.name, value)
    onChange()
  }
  let control
  if (attribute.kind === 'boolean') {
    control = h('input', {
      id,
      type: 'checkbox',
      checked: values.has(attribute.name),
      'aria-describedby': hintId,
      onchange: (e) => set(e.target.checked ? null : undefined),
    })
  } else if (attribute.kind === 'enum' || choices) {
    const options = choices?.options ?? attribute.options.map((value) => ({ value, label: value }))
    const placeholder = attribute.defaultValue ? `default (${attribute.defaultValue})` : (choices?.placeholder ?? 'not set')
    control = h(
      'select',
      { id, 'aria-describedby': hintId, onchange: (e) => set(e.target.value === '' ? undefined : e.target.value) },
      ...(choices?.required ? [] : [h('option', { value: '' }, placeholder)]),
      ...options.map((o) => h('option', { value: o.value }, o.label)),
    )
    if (initial && options.some((o) => o.value === initial)) /** @type {HTMLSelectElement} */ (control).value = initial
    // An element that shows one session or speaker needs one: start with the first.
    else if (choices?.required && options[0]) values.set(attribute.name, options[0].value)
  } else {
    let timer
    const input = (e) => {
      clearTimeout(timer)
      timer = setTimeout(() => set(e.target.value.trim() === '' ? undefined : e.target.value.trim()), 400)
    }
    control = h('input', {
      id,
      type: attribute.kind === 'number' ? 'number' : 'text',
      placeholder: attribute.defaultValue ?? '',
      autocomplete: 'off',
      spellcheck: 'false',
      value: initial ?? '',
      'aria-describedby': hintId,
      oninput: input,
      // Leaving the field applies it at once (a copy right after typing gets what was typed).
      onchange: (e) => {
        clearTimeout(timer)
        set(e.target.value.trim() === '' ? undefined : e.target.value.trim())
      },
    })
  }
  return h(
    'div',
    { className: 'field' },
    h('label', { for: id }, h('code', {}, attribute.name)),
    control,
    h('p', { id: hintId, className: 'hint' }, ...withCode(attribute.description || `Type: ${attribute.kind}`)),
  )
}

/** Text with its Markdown code spans as `<code>` elements. */
function withCode(text) {
  return text.split('`').map((part, i) => (i % 2 ? h('code', {}, part) : part))
}

/** The element's styling hooks and events, straight from its manifest entry. */
function renderStyling(target, element) {
  const rows = [
    ...element.cssProperties.map((p) => ['CSS property', p.name, p.description]),
    ...element.cssParts.map((p) => ['Part', `::part(${p.name})`, p.description]),
    ...element.events.map((e) => ['Event', e.name, e.description]),
  ]
  target.replaceChildren(
    rows.length
      ? h(
          'table',
          {},
          h('thead', {}, h('tr', {}, h('th', {}, 'Hook'), h('th', {}, 'Name'), h('th', {}, 'What it does'))),
          h(
            'tbody',
            {},
            ...rows.map(([kind, name, text]) =>
              h('tr', {}, h('td', {}, kind), h('td', {}, h('code', {}, name)), h('td', {}, ...withCode(text))),
            ),
          ),
        )
      : h('p', { className: 'muted' }, 'No styling hooks documented.'),
  )
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    // Clipboard API refused (no permission, insecure context): the old way still works.
    const area = h('textarea', { className: 'visually-hidden' })
    area.value = text
    document.body.append(area)
    area.select()
    const ok = document.execCommand('copy')
    area.remove()
    return ok
  }
}
