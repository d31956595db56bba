import { Task } from '@lit/task'
import { html, nothing, type ReactiveControllerHost } from 'lit'
import { ApiError } from '../api/api-error.js'
import { sessionCalendarLink } from '../api/calendar-access.js'
import type { EmbedClient } from '../api/client.js'
import type { EventInfo, Session, Speaker } from '../api/types.js'
import { FavouritesController } from '../controllers/favourites-controller.js'
import type { Messages } from '../i18n/index.js'
import { addStyles } from './add-styles.js'
import { emit } from './events.js'
import { chevronLeft, closeIcon } from './icons.js'
import { warnProblem } from './problem.js'
import { describeChangeOf } from './session-changes.js'
import { renderError, renderSkeleton } from './templates.js'

type Views = typeof import('./detail-views.js')
let views: Views | undefined
let viewsFailed: unknown
let loadingViews: Promise<Views> | undefined
let prefetching = false

/**
 * Loads what draws a dialog's inside (`detail-views.ts`, a chunk of its own): on the first open,
 * or earlier when an element calls it while the page is idle.
 */
export function loadDetailViews(): Promise<Views> {
  loadingViews ??= import('./detail-views.js').then(
    (m) => {
      viewsFailed = undefined
      views = m
      return m
    },
    (err: unknown) => {
      // A failed download is tried again by the next open (or the error's retry button).
      loadingViews = undefined
      viewsFailed = new ApiError(0, 'NETWORK_ERROR', err instanceof Error ? err.message : String(err))
      throw err
    },
  )
  return loadingViews
}

/** Loads the dialog's views once the page is idle, so that the first dialog opens at once. */
export function prefetchDetailViews(): void {
  if (prefetching || views) return
  prefetching = true
  const idle = (globalThis as { requestIdleCallback?: (fn: () => void, o?: { timeout: number }) => void }).requestIdleCallback
  const load = () => void loadDetailViews().catch(() => undefined)
  if (idle) idle(load, { timeout: 3000 })
  else setTimeout(load, 1000)
}

/** What the dialog shows: a session or a speaker, by id. */
export type DetailView = { kind: 'session' | 'speaker'; id: string }

type Host = ReactiveControllerHost & HTMLElement & { renderRoot: HTMLElement | DocumentFragment }

export interface DetailDialogOptions {
  api: () => EmbedClient
  eventId: () => string | undefined
  /** A session the element already holds (the schedule's list), shown without a request. */
  session?: (id: string) => Session | undefined
  /** A speaker the element already holds (the gallery's list), shown without a request. */
  speaker?: (id: string) => Speaker | undefined
  /** Told when the dialog opens, moves to another view or closes (`undefined`). */
  onChange?: (view: DetailView | undefined) => void
  /** Grows with each live change of the host's data: a view the dialog fetched is fetched again. */
  revision?: () => number
}

/**
 * A view's data as the visitor first saw it in the open dialog (what a live change is compared
 * with) and as last drawn (what shows while it is read again, or once it is gone); `local`: it
 * came from the host's data, so its absence there means it was deleted.
 */
interface Seen {
  first: Session | Speaker
  last: Session | Speaker
  local: boolean
}

const keyOf = (view: DetailView) => `${view.kind}:${view.id}`

/** What the element knows when it draws the dialog. */
export interface DetailContext {
  t: Messages
  lang: string
  timeZone: string
  event: EventInfo
}

/**
 * One modal dialog for the details a visitor opens: a session (with its speakers, each opening
 * their profile) or a speaker (with their sessions, each opening the session). Moving from one to
 * the other happens inside the dialog, with a "Back to …" button, as a visitor browses
 * pretalx's schedule; Escape, the close button and a click on the backdrop close it. A native
 * `<dialog>`: focus stays inside and returns to the opener when it closes.
 *
 * A live change keeps it open, with focus where it was: the views are keyed by id, what shows
 * stays while the change is read, and the view updates in place. A session that moved, was
 * cancelled or was deleted says so in the dialog (`describeChangeOf`) until it closes.
 */
export class DetailDialog {
  private stack: DetailView[] = []
  /** Titles of the views seen, for the "Back to …" button. */
  private readonly titles = new Map<string, string>()
  /** The views of the open dialog, by `keyOf`; forgotten when it closes or opens anew. */
  private readonly seen = new Map<string, Seen>()
  private readonly favourites: FavouritesController
  private readonly remote: Task<[DetailView | undefined, number | undefined], Session | Speaker | undefined>

  constructor(
    private readonly host: Host,
    private readonly options: DetailDialogOptions,
  ) {
    this.favourites = new FavouritesController(host, options.eventId)
    this.remote = new Task(host, {
      task: async ([view], { signal }) => {
        if (!view) return undefined
        const api = this.options.api()
        return view.kind === 'session' ? api.session(view.id, signal) : api.speaker(view.id, signal)
      },
      args: () => [this.fetched, this.options.revision?.()],
      // A view deleted while open is no attribute's fault: the dialog says so, the console need not.
      onError: (error) => this.goneAfterSeen(error) || warnProblem(host, error),
    })
  }

  /** Whether `error` says that the fetched view, seen before in this dialog, is gone. */
  private goneAfterSeen(error: unknown): boolean {
    const view = this.current
    return !!view && this.seen.has(keyOf(view)) && error instanceof ApiError && error.code === 'NOT_FOUND'
  }

  /** The view shown, if the dialog is open. */
  get current(): DetailView | undefined {
    return this.stack[this.stack.length - 1]
  }

  /** Opens a session: in the open dialog (with a way back), or in a new one. */
  openSession(id: string, within = false): void {
    this.show({ kind: 'session', id }, within)
  }

  /** Opens a speaker's profile: in the open dialog (with a way back), or in a new one. */
  openSpeaker(id: string, within = false): void {
    this.show({ kind: 'speaker', id }, within)
  }

  back(): void {
    this.stack = this.stack.slice(0, -1)
    this.changed(true)
  }

  close(): void {
    this.dialog?.close()
  }

  private get dialog(): HTMLDialogElement | null {
    return this.host.renderRoot.querySelector('dialog.detail')
  }

  private show(view: DetailView, within: boolean): void {
    if (!within || !this.stack.length) this.seen.clear()
    this.stack = within && this.stack.length ? [...this.stack, view] : [view]
    this.changed(within)
    if (view.kind === 'session') emit(this.host, 'service-session-open', { sessionId: view.id })
    else emit(this.host, 'service-speaker-open', { speakerId: view.id })
  }

  private changed(within: boolean): void {
    this.host.requestUpdate()
    this.options.onChange?.(this.current)
    void this.settle(within)
  }

  /** Shows the dialog, or moves focus to the new view's title (read out, as a new page's would be). */
  private async settle(within: boolean): Promise<void> {
    if (!views) {
      // The first dialog of the page opens once its views are there: whole, not as a skeleton.
      await loadDetailViews().catch(() => undefined)
      this.host.requestUpdate()
    }
    this.addViewStyles()
    await this.host.updateComplete
    const dialog = this.dialog
    if (!dialog) return
    if (!dialog.open) {
      dialog.showModal()
      return
    }
    if (!within) return
    if (this.fetched) {
      // Fetched: its title exists once it has arrived (or its error, then the way back has focus).
      await this.remote.taskComplete.catch(() => undefined)
      await this.host.updateComplete
    }
    ;(dialog.querySelector<HTMLElement>('#dialog-title') ?? dialog.querySelector<HTMLElement>('.dialog__back'))?.focus()
  }

  /** The views' styles come with their code: the host's first screen does without them. */
  private addViewStyles(): void {
    if (views) addStyles(this.host.renderRoot, views.viewStyles)
  }

  private onClose(): void {
    if (!this.stack.length) return
    this.stack = []
    this.seen.clear()
    this.host.requestUpdate()
    this.options.onChange?.(undefined)
  }

  /** The view shown if it is fetched: neither in the host's data nor gone from it (deleted: shown as last seen). */
  private get fetched(): DetailView | undefined {
    const view = this.current
    return view && !this.local(view) && !this.seen.get(keyOf(view))?.local ? view : undefined
  }

  private local(view: DetailView): Session | Speaker | undefined {
    return view.kind === 'session' ? this.options.session?.(view.id) : this.options.speaker?.(view.id)
  }

  /** The `<dialog>`; empty while closed. */
  render(ctx: DetailContext) {
    const view = this.current
    const body = view ? this.renderBody(view, ctx) : nothing
    const previous = this.stack[this.stack.length - 2]
    const backTitle = previous && this.titles.get(previous.id)
    return html`<dialog class="detail" part="dialog" aria-labelledby="dialog-title"
      @click=${(e: MouseEvent) => e.target === e.currentTarget && this.close()} @close=${() => this.onClose()}>
      ${
        view
          ? html`<div class="dialog__body dialog__body--detail">
            <button class="btn dialog__close" part="button" aria-label=${ctx.t.close} @click=${() => this.close()}>${closeIcon()}</button>
            ${
              previous
                ? html`<button class="btn dialog__back" part="button" @click=${() => this.back()}>
                  ${chevronLeft()} <span>${backTitle ? ctx.t.backTo(backTitle) : ctx.t.previous}</span>
                </button>`
                : nothing
            }
            ${body}
          </div>`
          : nothing
      }
    </dialog>`
  }

  /**
   * The view from the host's data, else fetched. Seen before, it stays while a live change is
   * read again, and once it is gone (no longer in the host's data, or fetched: 404) it stays as
   * last seen, saying so.
   */
  private renderBody(view: DetailView, ctx: DetailContext) {
    const local = this.local(view)
    const seen = this.seen.get(keyOf(view))
    if (local) return this.renderView(view, local, ctx, { local: true })
    if (seen?.local) return this.renderView(view, seen.last, ctx, { local: true, gone: true })
    return this.remote.render({
      pending: () => (seen ? this.renderView(view, seen.last, ctx) : renderSkeleton(ctx.t, 2, 1)),
      error: (err) =>
        seen && this.goneAfterSeen(err)
          ? this.renderView(view, seen.last, ctx, { gone: true })
          : renderError(err, ctx.t, () => void this.remote.run()),
      complete: (value) => (value ? this.renderView(view, value, ctx) : nothing),
    })
  }

  private renderView(view: DetailView, value: Session | Speaker, ctx: DetailContext, { local = false, gone = false } = {}) {
    this.titles.set(value.id, 'name' in value ? value.name : value.title)
    const key = keyOf(view)
    const first = this.seen.get(key)?.first ?? value
    if (!gone) this.seen.set(key, { first, last: value, local })
    if (!views) {
      const retry = () =>
        void loadDetailViews().then(
          () => {
            this.addViewStyles()
            this.host.requestUpdate()
          },
          () => this.host.requestUpdate(),
        )
      return viewsFailed ? renderError(viewsFailed, ctx.t, retry) : renderSkeleton(ctx.t, 2, 1)
    }
    return views.renderDetailView(view, value, {
      ...ctx,
      favourites: this.favourites,
      openSession: (id) => this.openSession(id, true),
      openSpeaker: (id) => this.openSpeaker(id, true),
      calendarOf: (id) => sessionCalendarLink(this.options.api(), id),
      notice:
        view.kind === 'session'
          ? describeChangeOf(first as Session, gone ? undefined : (value as Session), ctx.t, ctx.lang, ctx.timeZone)
          : '',
    })
  }
}
