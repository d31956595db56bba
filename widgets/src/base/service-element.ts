import { hydrate } from '@lit-labs/ssr-client'
import { type Task, TaskStatus } from '@lit/task'
import { adoptStyles, LitElement, type PropertyValues, ReactiveElement, render } from 'lit'
import { property, state } from 'lit/decorators.js'
import { apiRoot, defaultApiRoot } from '../api/api-base.js'
import { EmbedClient } from '../api/client.js'
import type { LiveMessage } from '../api/live-client.js'
import { type Answers, type Reads, readEach } from '../api/reads.js'
import type { ElementManifest } from '../element-manifest.js'
import { LiveController } from '../controllers/live-controller.js'
import { loadMessages, messagesFor, resolveLocale, SUPPORTED_LANGUAGES, type Messages } from '../i18n/index.js'
import { themeStyles } from '../styles/theme.styles.js'
import { loaderGlobal } from '../loader-global.js'
import type { ApiError } from '../api/api-error.js'
import { requireId, requireToken, warnProblem } from './problem.js'
import { DataTask } from './data-task.js'

/** Settles in a later task (not a microtask): the browser may paint and take input before it. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve))

/**
 * The attribute of the `<script type="application/json">` at the end of a first screen the server
 * drew: the answers of the element's reads it was drawn from, which the element hydrates with.
 */
export const FIRST_SCREEN_DATA = 'data-first-screen'

/** Colour themes every element accepts. */
export type Theme = 'light' | 'dark' | 'auto'

/**
 * The data an element's first render draws from, handed over before it: by the embed server,
 * whose renderer draws the first screen (`first-screen/render-first-screen.ts`), and in a browser
 * by that screen (its `FIRST_SCREEN_DATA` script): the answers of its manifest's reads, and where
 * the embed API is as the page reaches it (where its links point).
 */
export interface FirstScreenHandover {
  data: unknown
  apiRoot: string
}

/** The data an element draws from: the answers of its manifest's reads, by name. */
export type DataOf<M extends ElementManifest> = Answers<ReturnType<M['reads']>>

/** How a task's states are drawn (`Task.render`'s argument). */
export interface TaskTemplates<T> {
  pending: () => unknown
  error: (error: unknown) => unknown
  complete: (value: T) => unknown
}

/**
 * Attributes and plumbing shared by every `service-*` element: which event, which token, which
 * server, which language and which theme; and live updates: the element follows its event's live
 * stream (after its first paint) and reads its data again when it changes.
 *
 * @slot - Fallback content (a link to the full schedule, say): shown by the browser until the element
 *   is defined, hidden once it renders, and shown again under the message when the element fails.
 *
 * @cssproperty --service-font-family - Font stack (default: the host page's font, inherited).
 * @cssproperty --service-font-size - Base font size (default: 1rem).
 * @cssproperty --service-radius - Corner radius of cards and controls.
 * @cssproperty --service-spacing - Base spacing unit.
 * @cssproperty --service-color-bg - Background.
 * @cssproperty --service-color-surface - Background of cards and inputs.
 * @cssproperty --service-color-surface-2 - Background of hovered and selected items.
 * @cssproperty --service-color-text - Text colour.
 * @cssproperty --service-color-muted - Secondary text colour.
 * @cssproperty --service-color-border - Border colour.
 * @cssproperty --service-color-accent - Accent colour (selected tab, primary buttons, links).
 * @cssproperty --service-color-on-accent - Text on the accent colour.
 * @cssproperty --service-color-accent-soft - Subtle accent background.
 * @cssproperty --service-color-danger - Error colour.
 * @cssproperty --service-color-success - Success colour.
 * @cssproperty --service-focus-ring - Box shadow of the keyboard focus ring.
 */
export class ServiceElement extends LitElement {
  static override styles = [themeStyles]

  /** UUID of the event to show. */
  @property({ attribute: 'event-id' }) eventId?: string

  /** Embed token (`emb_…`) created with the admin API (`POST /v1/embed-tokens`). */
  @property() token?: string

  /** Origin of the embed server (default: the origin `loader.js` was served from). */
  @property({ attribute: 'api-base' }) apiBase?: string

  /** Language and region for text, dates and times, e.g. `de` or `en-GB` (default: the page's `lang`). */
  @property() locale?: string

  /** Colour theme: `light` (default), `dark`, or `auto` to follow the viewer's system setting. */
  @property({ reflect: true }) theme?: Theme

  /**
   * `on` (default): follow the event's changes while the page is open (one stream per page per
   * event and token, shared by its elements) and show them in place. `off`: show the data as it
   * was when the page loaded.
   */
  @property() live: 'on' | 'off' = 'on'

  /** Grows with each live change: part of `source`, so the data tasks read again. */
  @state() protected liveRevision = 0

  /** Why the live stream refused the token: shown like a refused read. */
  @state() protected liveError: ApiError | undefined

  private client?: EmbedClient

  /**
   * The data the element's first render draws from, handed over before it: by the embed server's
   * renderer, or in a browser by the first screen `loader.js` set as the shadow root (its
   * `FIRST_SCREEN_DATA` script). The data tasks answer with it until their arguments change.
   */
  firstScreen?: FirstScreenHandover

  /** The shadow root holds a first screen the server drew, not hydrated yet: the first update adopts its nodes. */
  private hydrating = false

  /**
   * False for the element's first render, true from the update after. The first render is a
   * function of the data and the attributes alone, so that the server can draw it and the
   * element hydrate it node for node; what depends on the visitor or the clock (their time zone,
   * favourites, the address's hash, the now line, past and live sessions) is drawn from the
   * update after, once the element is the page's.
   */
  @state() protected afterFirstRender = false

  protected readonly liveLink = new LiveController(
    this,
    () => {
      if (this.live === 'off') return undefined
      try {
        return this.api
      } catch {
        // A missing or malformed attribute: the data tasks report it; there is nothing to follow.
        return undefined
      }
    },
    (message) => this.onLive(message),
  )

  /**
   * The API client for the current attributes (one per combination, so requests are shared).
   * Throws an `AttributeError` naming `event-id` or `token` when either is missing or malformed:
   * checked here, before any request, so that the site owner learns which attribute is wrong.
   */
  protected get api(): EmbedClient {
    const eventId = requireId('event-id', this.eventId)
    const token = requireToken(this.token)
    const root = this.apiBase ? apiRoot(this.apiBase) : (this.firstScreen?.apiRoot ?? defaultApiRoot())
    if (!this.client || this.client.root !== root || this.client.eventId !== eventId || this.client.token !== token) {
      this.client = new EmbedClient(root, eventId, token)
    }
    return this.client
  }

  /**
   * The element's data task: the reads of its manifest (`manifest.reads`, by its attributes),
   * read again when an attribute they name or `source` changes; `note` sees each new answer beside
   * the one before (what changed, for the live announcements). With data handed over
   * (`firstScreen`: a first screen, drawn on the server or hydrated in a browser), it is complete
   * with it and reads only once its arguments change.
   */
  protected dataTask<M extends ElementManifest>(
    manifest: M,
    note?: (before: DataOf<M> | undefined, after: DataOf<M>) => void,
  ): Task<readonly unknown[], DataOf<M>> {
    const reads = () => manifest.reads((name) => this.attributeValue(name)) as ReturnType<M['reads']>
    const task: DataTask<readonly unknown[], DataOf<M>> = new DataTask(
      this,
      {
        task: async (_args, { signal }) => {
          const before = task.value
          const data = await this.readAll(reads(), signal)
          note?.(before, data)
          return data
        },
        args: () => [...this.source, ...Object.values(reads()).map((r) => r.id)],
        onError: this.warnProblem,
      },
      () => this.firstScreen as { data: DataOf<M> } | undefined,
    )
    return task
  }

  /**
   * The answers of `reads` from this element's server. The event and token are checked first,
   * then the id attributes the reads name (`session-id`), each before any request.
   */
  private readAll<R extends Reads>(reads: R, signal: AbortSignal): Promise<Answers<R>> {
    const api = this.api
    const ids = new Map(Object.values(reads).map((r) => [r, r.attribute === undefined ? undefined : requireId(r.attribute, r.id)]))
    return readEach(reads, (r) => api.read(r, ids.get(r), signal))
  }

  /** The value of the property behind attribute `name` (Lit's rule: the attribute option, else the lower-cased name). */
  protected attributeValue(name: string): string | undefined {
    for (const [property, options] of (this.constructor as typeof ReactiveElement).elementProperties) {
      const attribute = options.attribute === true || options.attribute === undefined ? String(property).toLowerCase() : options.attribute
      if (attribute === name) return (this as unknown as Record<PropertyKey, string | undefined>)[property]
    }
    return undefined
  }

  /**
   * Takes over a first screen the server drew (`loader.js` set it as the shadow root before this
   * code ran): with the data it was drawn from, the first update hydrates it; without (not a
   * screen of ours), it goes and the element draws as it would have without one.
   */
  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    const screen = this.shadowRoot?.firstChild ? this.shadowRoot : undefined
    const handed = screen?.querySelector(`script[${FIRST_SCREEN_DATA}]`)
    if (screen && handed && !this.firstScreen) {
      try {
        this.firstScreen = { data: JSON.parse(handed.textContent!), apiRoot: defaultApiRoot() }
        this.hydrating = true
      } catch {
        // Cut short on the way: drawn here instead, from data read anew.
      }
    }
    handed?.remove()
    // Lit renders before the root's first child, a node of the server's that a failed hydration removes.
    this.renderOptions.renderBefore = null
    // The screen's style elements are the element's own styles: adopting them too would only
    // restyle every node of the screen.
    if (screen && this.hydrating) return screen
    screen?.replaceChildren()
    return super.createRenderRoot()
  }

  /**
   * The first update of an element on a server's first screen adopts its nodes (Lit's `hydrate`)
   * instead of drawing them: nothing is drawn twice, and what the visitor focused or scrolled
   * stays. A screen that does not match the render (drawn by another version of the code, say)
   * is cleared and drawn anew: never a broken element.
   */
  protected override update(changed: PropertyValues<this>): void {
    if (!this.hydrating) {
      super.update(changed)
      return
    }
    this.hydrating = false
    const value = this.render()
    this.renderOptions.isConnected = this.isConnected
    // LitElement's update without its render: reflects attributes and marks the update done.
    ;(ReactiveElement.prototype as unknown as { update(changed: PropertyValues): void }).update.call(this, changed)
    try {
      hydrate(value, this.renderRoot, this.renderOptions)
    } catch (error) {
      console.warn(`<${this.localName}>: its first screen did not match its render, drawn anew.`, error)
      const root = this.renderRoot as ShadowRoot
      root.replaceChildren()
      adoptStyles(root, (this.constructor as typeof LitElement).elementStyles)
      render(value, root, this.renderOptions)
    }
  }

  /**
   * After the first render: what depends on the visitor and the clock is drawn now
   * (`afterFirstRender`), and a click the visitor gave the first screen before this code ran
   * (kept by `loader.js`) is carried out on the node they clicked, which hydration kept.
   */
  protected override firstUpdated(changed: PropertyValues<this>): void {
    super.firstUpdated(changed)
    // In a task of its own, not in the one that hydrated: the browser paints and takes input
    // between them (on a long schedule each is a long task of its own).
    setTimeout(() => {
      this.afterFirstRender = true
    })
    const clicked = loaderGlobal()?.earlyClicks.get(this)?.()
    // An event rather than `click()`, which an icon's SVG has not; a click event does what a
    // click does (a button's form is submitted, a checkbox ticked).
    if (clicked && this.renderRoot.contains(clicked)) {
      clicked.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, cancelable: true }))
    }
  }

  /**
   * Tells the site owner about a failure, once per problem and element, in the console (the
   * visitor sees the calm version in the error box). Data tasks pass it as their `onError`.
   */
  protected readonly warnProblem = (error: unknown): void => warnProblem(this, error)

  /** Locale for `Intl`: the requested one when we ship its language, else English. */
  protected get intlLocale(): string {
    const locale = resolveLocale(this, this.locale)
    return SUPPORTED_LANGUAGES.includes(locale.split('-')[0]!.toLowerCase()) ? locale : 'en'
  }

  /**
   * Waits for the locale's message catalogue (loaded on demand) before the first render in it; and
   * hydrates in a task of its own, not in the one that evaluated the element's code (which defines
   * it, and so upgrades it): two long tasks rather than one of both. What the first render
   * computes without the DOM (`prepareFirstRender`) may take a task of its own before that one.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: LitElement's own signature; synchronous when nothing loads
  protected override scheduleUpdate(): void | Promise<unknown> {
    const loading =
      loadMessages(this.intlLocale) ??
      (this.hydrating ? nextTask().then(() => (this.prepareFirstRender() ? nextTask() : undefined)) : undefined)
    return loading ? loading.then(() => super.scheduleUpdate()) : super.scheduleUpdate()
  }

  /**
   * Computes ahead, in the task before the one that hydrates, what the first render will need and
   * can compute without the DOM (memoised derived data); true when it did, so that hydration waits
   * for a task of its own. Nothing by default.
   */
  protected prepareFirstRender(): boolean {
    return false
  }

  /** Message catalogue of the current locale. */
  protected get t(): Messages {
    return messagesFor(this.intlLocale)
  }

  /** Arguments every data task depends on (the live revision too: a change reads again). */
  protected get source(): [string | undefined, string | undefined, string | undefined, number] {
    return [this.eventId, this.token, this.apiBase, this.liveRevision]
  }

  /** A refusal of the live stream was about the old event, token or server: another gets its own chance. */
  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('eventId') || changed.has('token') || changed.has('apiBase')) this.liveError = undefined
  }

  /**
   * A message of the live stream: a change reads the data again, a refusal is shown, and the
   * stream back after a refusal (a token enabled again) clears it and reads again.
   */
  protected onLive(message: LiveMessage): void {
    if (message.type === 'refused') {
      this.liveError = message.error
      this.warnProblem(message.error)
      return
    }
    if (message.type === 'recovered') this.liveError = undefined
    this.liveRevision++
  }

  /**
   * `task.render(templates)`, for live data: while a live change is read again, what is shown
   * stays (no skeleton: the visitor's scroll position, open dialog and focus stay where they are);
   * a refused stream shows its reason like a refused read.
   */
  protected renderData<T>(task: Task<readonly unknown[], T>, templates: TaskTemplates<T>): unknown {
    if (this.liveError) return templates.error(this.liveError)
    // By `status` and `value` rather than `task.render`, which a first screen's `DataTask` does not complete.
    switch (task.status) {
      case TaskStatus.COMPLETE:
        return templates.complete(task.value as T)
      case TaskStatus.ERROR:
        return templates.error(task.error)
      case TaskStatus.PENDING:
        return task.value === undefined ? templates.pending() : templates.complete(task.value)
      default:
        return undefined
    }
  }
}
