import type { ElementTag } from '../elements.js'

/**
 * The height each element reserves (`min-height`), about what its first screen usually takes on
 * the demo event, so that the page does not move as the first screens arrive one by one. A site
 * sets another with the element's `--<tag>-min-height` (`0` for none). No Lit here: `loader.js`
 * writes the same rules for elements that are not defined yet.
 */
export const RESERVED_HEIGHT: Record<ElementTag, string> = {
  'service-schedule': '48rem',
  'service-session-list': '36rem',
  'service-session-detail': '20rem',
  'service-speakers': '26rem',
  'service-speaker-card': '16rem',
  'service-registration': '36rem',
}

/**
 * The CSS rule that reserves `tag`'s height on `selector`: `:host` in the element's styles, and
 * `service-x:not(:defined)` in the page, which `loader.js` adds (a page's rules win over `:host`,
 * so both say the same).
 */
export const reservedSizeRule = (tag: ElementTag, selector: string): string =>
  `${selector}{display:block;min-height:var(--${tag}-min-height,${RESERVED_HEIGHT[tag]})}`
