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
 * The element's markup: on one line when it is short, else one attribute per line.
 *
 * @param {string} tagName
 * @param {[string, string | null][]} attributes name/value pairs in the order to write them; a
 *   `null` value writes a bare boolean attribute
 * @example elementHtml('service-speakers', [['event-id', 'e1'], ['token', 'emb_…']])
 */
export function elementHtml(tagName, attributes) {
  const parts = attributes.map(([name, value]) => (value === null ? name : `${name}="${escapeAttribute(value)}"`))
  const oneLine = `<${[tagName, ...parts].join(' ')}></${tagName}>`
  if (oneLine.length <= 80) return oneLine
  return `<${tagName}\n${parts.map((p) => `  ${p}`).join('\n')}\n></${tagName}>`
}

/**
 * The whole snippet: the loader (once per page) and the element.
 *
 * @param {string} loaderUrl `{embed_url}/v1/loader.js`
 * @param {string} tagName
 * @param {[string, string | null][]} attributes
 */
export function snippetHtml(loaderUrl, tagName, attributes) {
  return `<script async src="${escapeAttribute(loaderUrl)}"></script>\n${elementHtml(tagName, attributes)}\n`
}
