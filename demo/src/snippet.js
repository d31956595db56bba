// The HTML a site owner pastes. The live preview is rendered from this very text, so what the
// demo shows and what the copy button copies cannot drift apart.

/**
 * Escapes a value for a double-quoted HTML attribute.
 *
 * @param {string} value
 */
export function escapeAttribute(value) {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * The element's markup: on one line when it is short, else one attribute per line; with a
 * fallback link inside, which the browser shows until the element has loaded (and the element
 * shows again if it cannot show its content).
 *
 * @param {string} tagName
 * @param {[string, string | null][]} attributes name/value pairs in the order to write them; a
 *   `null` value writes a bare boolean attribute
 * @param {{ href: string, text: string }} [fallback]
 * @example elementHtml('service-speakers', [['event-id', 'e1'], ['token', 'emb_…']])
 */
export function elementHtml(tagName, attributes, fallback) {
  const parts = attributes.map(([name, value]) => (value === null ? name : `${name}="${escapeAttribute(value)}"`))
  const inside = fallback ? `\n  <a href="${escapeAttribute(fallback.href)}">${escapeText(fallback.text)}</a>\n` : ''
  const oneLine = `<${[tagName, ...parts].join(' ')}>`
  if (oneLine.length <= 80) return `${oneLine}${inside}</${tagName}>`
  return `<${tagName}\n${parts.map((p) => `  ${p}`).join('\n')}\n>${inside}</${tagName}>`
}

/** Escapes text between tags. */
function escapeText(value) {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * The whole snippet: the loader (once per page) and the element.
 *
 * @param {string} loaderUrl `{embed_url}/v1/loader.js`
 * @param {string} tagName
 * @param {[string, string | null][]} attributes
 * @param {{ href: string, text: string }} [fallback]
 */
export function snippetHtml(loaderUrl, tagName, attributes, fallback) {
  return `<script async src="${escapeAttribute(loaderUrl)}"></script>\n${elementHtml(tagName, attributes, fallback)}\n`
}
