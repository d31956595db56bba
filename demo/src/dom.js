// A tiny element factory: every text goes in as a text node, so nothing read from the API or the
// manifest is ever parsed as HTML.

/**
 * @param {string} tag
 * @param {Record<string, any>} [props] attributes; `on*` functions become listeners, `dataset` is merged
 * @param {...(Node | string | null | undefined | false)} children
 * @returns {HTMLElement}
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag)
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue
    if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value)
    else if (key === 'dataset') Object.assign(el.dataset, value)
    else if (key === 'className') el.className = value
    else if (key in el && typeof value !== 'string') el[key] = value
    else el.setAttribute(key, value === true ? '' : String(value))
  }
  el.append(...children.filter((c) => c !== null && c !== undefined && c !== false))
  return el
}

/**
 * Shows HTML source with light syntax colouring, built from text nodes; the element's
 * `textContent` stays exactly the source.
 *
 * @param {HTMLElement} target
 * @param {string} source
 */
export function renderHighlightedHtml(target, source) {
  target.replaceChildren()
  const token = /(<\/?)([a-z][\w-]*)|([\w-]+)(=)("[^"]*")|(\/?>)/gi
  let last = 0
  for (const match of source.matchAll(token)) {
    if (match.index > last) target.append(source.slice(last, match.index))
    if (match[2]) target.append(span('punct', match[1]), span('tag', match[2]))
    else if (match[3]) target.append(span('attr', match[3]), span('punct', match[4]), span('value', match[5]))
    else target.append(span('punct', match[6]))
    last = match.index + match[0].length
  }
  target.append(source.slice(last))
}

function span(kind, text) {
  return h('span', { className: `code-${kind}` }, text)
}
