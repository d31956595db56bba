// The snippet builder: pick an element, set the attributes its manifest entry declares, see it
// live, copy the exact HTML.

import { h, renderHighlightedHtml } from './dom.js'
import { CONNECTION_ATTRIBUTES } from './manifest.js'
import { elementHtml, snippetHtml } from './snippet.js'

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

  /** Current attribute values by name; absent = not written. @type {Map<string, string | null>} */
  let values = new Map()
  // The schedule is what most organisers embed first.
  let current = data.elements.find((el) => el.tagName === 'service-schedule') ?? data.elements[0]
  let snippet = ''

  elementSelect.replaceChildren(...data.elements.map((el) => h('option', { value: el.tagName }, `<${el.tagName}>`)))
  elementSelect.value = current.tagName
  eventIdInput.value = data.config.eventId
  tokenInput.value = data.config.token

  const attributeLines = () => {
    /** @type {[string, string | null][]} */
    const lines = []
    const declared = new Set(current.attributes.map((a) => a.name))
    if (declared.has('event-id') || !declared.size) lines.push(['event-id', eventIdInput.value.trim()])
    if (declared.has('token') || !declared.size) lines.push(['token', tokenInput.value.trim()])
    for (const attribute of current.attributes) {
      if (CONNECTION_ATTRIBUTES.includes(attribute.name)) continue
      if (values.has(attribute.name)) lines.push([attribute.name, values.get(attribute.name) ?? null])
    }
    if (values.has('api-base')) lines.push(['api-base', values.get('api-base') ?? null])
    return lines
  }

  // The stage behind the preview matches the theme the widget will actually use.
  const stageTheme = () => {
    const theme = values.get('theme') ?? current.attributes.find((a) => a.name === 'theme')?.defaultValue ?? 'light'
    return theme === 'auto' ? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light') : theme
  }

  const update = () => {
    const lines = attributeLines()
    snippet = snippetHtml(data.config.loaderUrl, current.tagName, lines)
    renderHighlightedHtml(code, snippet)
    stage.dataset.theme = stageTheme()
    // The preview is parsed from the very markup the snippet shows (values are escaped).
    stage.innerHTML = elementHtml(current.tagName, lines)
    copyStatus.textContent = ''
  }

  const renderControls = () => {
    values = new Map()
    summary.textContent = current.summary
    const editable = current.attributes.filter((a) => !CONNECTION_ATTRIBUTES.includes(a.name))
    controls.replaceChildren(...editable.map((attribute) => attributeControl(attribute, data, values, update)))
    if (editable.length === 0) controls.append(h('p', { className: 'muted' }, 'This element takes no other attributes.'))
    // Where the data comes from sits with the event and token; only the manifest says it exists.
    const apiBase = current.attributes.find((a) => a.name === 'api-base')
    connectionExtras.replaceChildren(...(apiBase ? [attributeControl(apiBase, data, values, update)] : []))
    renderStyling(styling, current)
    update()
  }

  elementSelect.addEventListener('change', () => {
    current = data.elements.find((el) => el.tagName === elementSelect.value) ?? data.elements[0]
    renderControls()
  })
  for (const input of [eventIdInput, tokenInput]) input.addEventListener('change', update)
  $('#builder-reset-connection').addEventListener('click', () => {
    eventIdInput.value = data.config.eventId
    tokenInput.value = data.config.token
    update()
  })
  copyButton.addEventListener('click', async () => {
    copyStatus.textContent = (await copyText(snippet)) ? 'Copied to the clipboard.' : 'Select the code and copy it by hand.'
  })

  renderControls()
  return {
    select(tagName) {
      elementSelect.value = tagName
      elementSelect.dispatchEvent(new Event('change'))
      root.scrollIntoView({ behavior: 'smooth', block: 'start' })
    },
  }
}

/**
 * One labelled control for one manifest attribute.
 *
 * @param {import('./manifest.js').AttributeSpec} attribute
 * @param {import('./demo-data.js').DemoData} data
 * @param {Map<string, string | null>} values
 * @param {() => void} onChange
 */
function attributeControl(attribute, data, values, onChange) {
  const id = `attr-${attribute.name}`
  const hintId = `${id}-hint`
  const choices = idChoices(attribute.name, data)
  const set = (value) => {
    if (value === undefined) values.delete(attribute.name)
    else values.set(attribute.name, value)
    onChange()
  }
  let control
  if (attribute.kind === 'boolean') {
    control = h('input', { id, type: 'checkbox', 'aria-describedby': hintId, onchange: (e) => set(e.target.checked ? null : undefined) })
  } else if (attribute.kind === 'enum' || choices) {
    const options = choices?.options ?? attribute.options.map((value) => ({ value, label: value }))
    const placeholder = attribute.defaultValue ? `default (${attribute.defaultValue})` : (choices?.placeholder ?? 'not set')
    control = h(
      'select',
      { id, 'aria-describedby': hintId, onchange: (e) => set(e.target.value === '' ? undefined : e.target.value) },
      ...(choices?.required ? [] : [h('option', { value: '' }, placeholder)]),
      ...options.map((o) => h('option', { value: o.value }, o.label)),
    )
    // An element that shows one session or speaker needs one: start with the first.
    if (choices?.required && options[0]) values.set(attribute.name, options[0].value)
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
      'aria-describedby': hintId,
      oninput: input,
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

/**
 * Values of the demo event to choose from for attributes that name one of its sessions, speakers
 * or tracks; `required` when the element shows nothing without one.
 */
function idChoices(name, data) {
  if (name.endsWith('session-id') && data.sessions.length) {
    return { required: true, options: data.sessions.map((s) => ({ value: s.id, label: s.title })) }
  }
  if (name.endsWith('speaker-id') && data.speakers.length) {
    return { required: true, options: data.speakers.map((s) => ({ value: s.id, label: s.company ? `${s.name} (${s.company})` : s.name })) }
  }
  const tracks = [...new Set(data.sessions.map((s) => s.track).filter(Boolean))].sort()
  if (name === 'track' && tracks.length) {
    return { required: false, placeholder: 'all tracks', options: tracks.map((t) => ({ value: t, label: t })) }
  }
  return undefined
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
