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
}

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
 */
export class DetailDialog {
  private stack: DetailView[] = []
  /** Titles of the views seen, for the "Back to …" button. */
  private readonly titles = new Map<string, string>()
  private readonly favourites: FavouritesController
  private readonly remote: Task<[DetailView | undefined], Session | Speaker | undefined>

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
      args: () => [this.current && !this.local(this.current) ? this.current : undefined],
      onError: (error) => warnProblem(host, error),
    })
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
    if (this.current && !this.local(this.current)) {
      // Fetched: its title exists once it has arrived (or its error, then the way back has focus).
      await this.remote.taskComplete.catch(() => undefined)
      await this.host.updateComplete
    }
    ;(dialog.querySelector<HTMLElement>('#dialog-title') ?? dialog.querySelector<HTMLElement>('.dialog__back'))?.focus()
  }

  /** The views' styles come with their code: the host's first screen does without them. */
  private addViewStyles(): void {
    if (views) addStyles(this.host.renderRoot, [views.viewStyles])
  }

  private onClose(): void {
    if (!this.stack.length) return
    this.stack = []
    this.host.requestUpdate()
    this.options.onChange?.(undefined)
  }

  private local(view: DetailView): Session | Speaker | undefined {
    return view.kind === 'session' ? this.options.session?.(view.id) : this.options.speaker?.(view.id)
  }

  /** The `<dialog>`; empty while closed. */
  render(ctx: DetailContext) {
    const view = this.current
    const local = view && this.local(view)
    const body = !view
      ? nothing
      : local
        ? this.renderView(view, local, ctx)
        : this.remote.render({
            pending: () => renderSkeleton(ctx.t, 2, 1),
            error: (err) => renderError(err, ctx.t, () => void this.remote.run()),
            complete: (value) => (value ? this.renderView(view, value, ctx) : nothing),
          })
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

  private renderView(view: DetailView, value: Session | Speaker, ctx: DetailContext) {
    this.titles.set(value.id, 'name' in value ? value.name : value.title)
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
    })
  }
}
