import { WIDGET_TAGS } from '../element-tags.js'

/**
 * The elements the embed server draws a first screen for: every one. `loader.js` makes a first
 * screen inert until its element takes over, so even the form can be shown early: nothing can be
 * typed into it that the swap would lose, and nothing is submitted natively.
 */
export const FIRST_SCREEN_TAGS = WIDGET_TAGS

export type FirstScreenTag = (typeof FIRST_SCREEN_TAGS)[number]

/**
 * The attributes that choose what a first screen shows: the one list of `loader.js`'s request,
 * the embed server's route and the render. The others (`event-id` and `token`, which the request
 * carries anyway, `api-base`, `live`) do not.
 */
export const FIRST_SCREEN_ATTRIBUTES = [
  'locale',
  'theme',
  'view',
  'group-by',
  'layout',
  'session-id',
  'speaker-id',
  'limit',
  'day',
  'track',
  'room',
  'tag',
] as const

export type FirstScreenAttribute = (typeof FIRST_SCREEN_ATTRIBUTES)[number]

/** Reads the event's public data by embed API path (`''`, `/sessions`, `/speakers/{id}`, …), as its JSON answers it. */
export type ReadPath = (path: string) => unknown

/** What a first screen is drawn for: the element's event, token and attributes, and where the embed API is. */
export interface FirstScreenRequest {
  eventId: string
  token: string
  /** Names of `FIRST_SCREEN_ATTRIBUTES` and their values; others are ignored. */
  attrs: Partial<Record<FirstScreenAttribute, string>>
  /** The embed API's root as the page reaches it, ending in `/v1/`. */
  apiRoot: string
}

/**
 * The shadow root's HTML (style sheets as `<style>`, then the element's first render) of `tag`,
 * drawn from the data `read` returns; throws what `read` throws (a session that is not there).
 * The embed server imports it from the widgets' build (`@event-service/widgets/first-screen-renderer`).
 */
export type RenderFirstScreen = (tag: FirstScreenTag, request: FirstScreenRequest, read: ReadPath) => Promise<string>
