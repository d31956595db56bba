/**
 * The contract between `loader.js` and the elements' code: what the loader leaves on the page's
 * global object, under one name, for the chunks it imports.
 */
export interface LoaderGlobal {
  /** The folder `loader.js` was served from: its chunks, and the embed API, are there. */
  base: string
  /**
   * For each element the loader set a first screen on: stops keeping the visitor's clicks on it
   * and answers the node of the last one (the element clicks it again once it has hydrated).
   */
  earlyClicks: WeakMap<Element, () => Element | undefined>
}

/** The global's name (`window.serviceWidgets`). */
export const LOADER_GLOBAL = 'serviceWidgets'

type WithLoader = { [LOADER_GLOBAL]?: LoaderGlobal }

/** What the loader left on this page, if it ran. */
export const loaderGlobal = (): LoaderGlobal | undefined => (globalThis as WithLoader)[LOADER_GLOBAL]

/** Leaves `value` for the elements' code: `loader.js` only, once per page. */
export const setLoaderGlobal = (value: LoaderGlobal): void => {
  ;(globalThis as WithLoader)[LOADER_GLOBAL] = value
}
