// Reads the widgets' custom-elements manifest (https://github.com/webcomponents/custom-elements-manifest),
// so the demo lists exactly the elements and attributes the widgets document, never a second copy.

/**
 * @typedef {object} AttributeSpec
 * @property {string} name attribute name as written in HTML
 * @property {'enum' | 'boolean' | 'number' | 'string'} kind which control edits it
 * @property {string[]} options allowed values of an `enum` attribute (empty otherwise)
 * @property {string | undefined} defaultValue the default, unquoted, when the manifest states one
 * @property {string} description
 *
 * @typedef {object} ElementSpec
 * @property {string} tagName
 * @property {string} className
 * @property {string} summary one line that says what the element shows
 * @property {string} description
 * @property {AttributeSpec[]} attributes
 * @property {{name: string, description: string, default?: string}[]} cssProperties
 * @property {{name: string, description: string}[]} cssParts
 * @property {{name: string, description: string}[]} events
 */

/** Attributes every element takes that say where the data comes from, not how it looks. */
export const CONNECTION_ATTRIBUTES = ['event-id', 'token', 'api-base']

/**
 * The custom elements of a manifest, in the order the manifest lists them.
 *
 * @param {any} manifest parsed `custom-elements.json`
 * @returns {ElementSpec[]}
 */
export function elementsFromManifest(manifest) {
  const elements = []
  for (const module of manifest?.modules ?? []) {
    for (const declaration of module.declarations ?? []) {
      if (!declaration.customElement || !declaration.tagName) continue
      elements.push({
        tagName: declaration.tagName,
        className: declaration.name ?? '',
        summary: firstLine(declaration.summary ?? declaration.description ?? ''),
        description: declaration.description ?? '',
        attributes: uniqueByName((declaration.attributes ?? []).map(attributeSpec)),
        cssProperties: (declaration.cssProperties ?? []).map((p) => ({
          name: p.name,
          description: p.description ?? '',
          default: p.default,
        })),
        cssParts: (declaration.cssParts ?? []).map((p) => ({ name: p.name, description: p.description ?? '' })),
        events: (declaration.events ?? []).filter((e) => e.name).map((e) => ({ name: e.name, description: e.description ?? '' })),
      })
    }
  }
  return elements
}

/**
 * @param {any} attribute a manifest attribute entry
 * @returns {AttributeSpec}
 */
export function attributeSpec(attribute) {
  const typeText = String(attribute.expandedType?.text ?? attribute.type?.text ?? 'string')
  const members = typeText
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part && part !== 'undefined' && part !== 'null')
  let literals = members.map(stringLiteral)
  const description = attribute.description ?? ''
  // The analyzer writes a named type (`Theme`) as its name; its values are then taken from the
  // description's code spans ("`light` (default), `dark`, or `auto`").
  if (members.length === 1 && /^[A-Z]\w*$/.test(members[0])) literals = codeSpans(description)
  let defaultValue = attribute.default === undefined ? undefined : unquote(String(attribute.default))
  if (defaultValue === 'undefined' || defaultValue === 'null') defaultValue = undefined
  defaultValue ??= /`([^`]+)` \(default\)/.exec(description)?.[1]
  /** @type {AttributeSpec['kind']} */
  let kind = 'string'
  if (literals.length > 0 && literals.every((l) => l !== undefined)) kind = 'enum'
  else if (members.length === 1 && members[0] === 'boolean') kind = 'boolean'
  else if (members.length === 1 && members[0] === 'number') kind = 'number'
  return {
    name: attribute.name,
    kind,
    options: kind === 'enum' ? /** @type {string[]} */ (literals) : [],
    defaultValue,
    description,
  }
}

/** Distinct single-word code spans of a text, e.g. the values listed in a description. */
function codeSpans(text) {
  return [...new Set([...text.matchAll(/`([\w-]+)`/g)].map((m) => m[1]))]
}

/** `'grid'` or `"grid"` → `grid`; anything that is not a string literal → undefined. */
function stringLiteral(text) {
  const match = /^(['"`])(.*)\1$/.exec(text)
  return match ? match[2] : undefined
}

function unquote(text) {
  return stringLiteral(text) ?? text
}

function firstLine(text) {
  return text
    .split(/\n\s*\n/)[0]
    .replace(/\s+/g, ' ')
    .trim()
}

function uniqueByName(attributes) {
  const seen = new Set()
  return attributes.filter((a) => a.name && !seen.has(a.name) && seen.add(a.name))
}
