import { type CSSResult, supportsAdoptingStyleSheets } from 'lit'

const added = new WeakMap<ShadowRoot, Set<CSSResult>>()

/**
 * Adds style sheets to an element's shadow root after its own: the styles of a view loaded on
 * demand (a dialog's inside), which the element's first screen does not need. Each sheet is
 * added once per root; the sheets themselves are shared by every element, as Lit's are.
 */
export function addStyles(root: HTMLElement | DocumentFragment, styles: CSSResult[]): void {
  if (!(root instanceof ShadowRoot)) return
  const have = added.get(root) ?? new Set()
  added.set(root, have)
  const missing = styles.filter((s) => !have.has(s))
  if (!missing.length) return
  for (const s of missing) have.add(s)
  if (supportsAdoptingStyleSheets) {
    const sheets = missing.map((s) => s.styleSheet!).filter((sheet) => !root.adoptedStyleSheets.includes(sheet))
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...sheets]
  } else {
    for (const s of missing) {
      const style = document.createElement('style')
      style.textContent = s.cssText
      root.append(style)
    }
  }
}
