import { html, isServer, nothing } from 'lit'
import { property, query, state } from 'lit/decorators.js'
import { repeat } from 'lit/directives/repeat.js'
import type { Speaker } from '../../api/types.js'
import { DetailDialog, prefetchDetailViews } from '../../base/detail-dialog.js'
import { chevronLeft, chevronRight } from '../../base/icons.js'
import { ServiceElement } from '../../base/service-element.js'
import { ShowMore } from '../../base/show-more.js'
import { affiliation, renderAvatar, renderEmpty, renderError, renderSkeleton } from '../../base/templates.js'
import { sessionStyles } from '../../styles/session.styles.js'
import { avatarStyles, dialogStyles, stateStyles } from '../../styles/theme.styles.js'
import { speakersStyles } from './speakers.styles.js'
import { speakersManifest } from './speakers.manifest.js'

/** Narrowest a carousel tile gets, and the gap between tiles, in px at the default font size. */
const TILE_MIN = 176
const TILE_GAP = 16

/**
 * The event's speakers as a grid, a list or a carousel. The carousel shows as many speakers as
 * fit and pages by that many, by its buttons, by swiping (it scrolls, snapping to pages) and by
 * arrow keys from speaker to speaker; it never moves by itself (WAI-ARIA APG carousel: each page
 * is a labelled "slide" group, "2 of 3" counts pages, pages out of view are inert). Photos fall
 * back to initials; a click opens the speaker's profile, whose sessions open in turn.
 *
 * @summary Speaker gallery: grid, list or carousel, with a profile dialog.
 *
 * @fires service-speaker-open - A speaker's profile opened in the dialog; `detail` is `{ speakerId }`.
 * @fires service-session-open - A session opened in the dialog (clicked, or from a link); `detail` is `{ sessionId }`.
 * @fires service-favourite-change - The visitor starred or unstarred a session; `detail` is `{ sessionId, favourite, favourites }` (the whole agenda after the change).
 *
 * @cssproperty --service-speakers-min-height - Height reserved for the gallery before it has drawn, so that the page does not move as it arrives (`0` for none).
 * @csspart gallery - The grid, list or carousel's pages.
 * @csspart speaker - One speaker tile (a button).
 * @csspart avatar - A photo or the initials.
 * @csspart name - A speaker's name in the dialog.
 * @csspart bio - The biography in the dialog.
 * @csspart link - A speaker's web link in the dialog.
 * @csspart dialog - The profile dialog.
 * @csspart button - Every button.
 * @csspart show-more - The "Show 8 more" button under a long list.
 * @csspart show-more-count - How many of how many show, beside it.
 * @csspart error - The error state: a short message for visitors, a retry when it may help, and the site owner's detail.
 * @csspart error-detail - The collapsed detail for the site owner (cause and fix) inside the error state.
 * @csspart retry - The error state's retry button.
 * @csspart empty - The empty state.
 * @csspart skeleton - The loading skeleton.
 */
export class ServiceSpeakers extends ServiceElement {
  static override styles = [...ServiceElement.styles, stateStyles, avatarStyles, dialogStyles, sessionStyles, speakersStyles]

  private readonly data = this.dataTask(speakersManifest)

  /** The grid and the list page visibly ("Show 8 more"); the carousel pages by itself. */
  private readonly pagesShown = new ShowMore(this, (i) => this.renderRoot.querySelectorAll<HTMLElement>('.gallery [part=speaker]')[i])

  private readonly details = new DetailDialog(this, {
    api: () => this.api,
    eventId: () => this.eventId,
    speaker: (id) => this.data.value?.speakers.find((sp) => sp.id === id),
    revision: () => this.liveRevision,
  })

  /** The carousel's page, how many speakers a page holds, and the speaker that has the tab stop. */
  @state() private page = 0
  @state() private perPage = 1
  @state() private active = 0

  /** Arrangement: `grid` (default), `list` or `carousel`. */
  @property({ reflect: true }) layout: 'grid' | 'list' | 'carousel' = 'grid'

  @query('.carousel__pages') private pages?: HTMLElement

  // Made in a browser only (`isServer`: the server draws the element without one).
  private readonly resize = isServer ? undefined : new ResizeObserver(() => this.measure())
  private observed?: Element
  private settle?: ReturnType<typeof setTimeout>

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.resize?.disconnect()
    this.observed = undefined
  }

  protected override updated(): void {
    if (this.data.value) prefetchDetailViews()
    const pages = this.pages
    if (pages && pages !== this.observed && this.resize) {
      this.resize.disconnect()
      this.resize.observe(pages)
      this.observed = pages
      this.measure()
    }
  }

  /** As many tiles per page as fit the width; the speaker in view stays in view. */
  private measure(): void {
    const pages = this.pages
    if (!pages?.clientWidth) return
    const per = Math.max(1, Math.floor((pages.clientWidth + TILE_GAP) / (TILE_MIN + TILE_GAP)))
    if (per !== this.perPage) {
      const first = this.page * this.perPage
      this.perPage = per
      this.page = Math.floor(first / per)
      if (Math.floor(this.active / per) !== this.page) this.active = this.page * per
    }
    pages.scrollTo({ left: this.page * pages.clientWidth })
  }

  /** Shows a page: by the buttons and the keys (smoothly), or after a swipe ended on it. */
  private goToPage(page: number, count: number, scroll = true): void {
    const last = Math.max(0, Math.ceil(count / this.perPage) - 1)
    this.page = Math.max(0, Math.min(last, page))
    if (this.active < this.page * this.perPage || this.active >= (this.page + 1) * this.perPage) this.active = this.page * this.perPage
    const pages = this.pages
    if (scroll && pages) pages.scrollTo({ left: this.page * pages.clientWidth, behavior: 'smooth' })
  }

  /** A swipe or a scroll by other means: the page it comes to rest on becomes the current one. */
  private onScroll(count: number): void {
    clearTimeout(this.settle)
    this.settle = setTimeout(() => {
      const pages = this.pages
      if (!pages?.clientWidth) return
      const page = Math.round(pages.scrollLeft / pages.clientWidth)
      if (page !== this.page) this.goToPage(page, count, false)
    }, 120)
  }

  /** Arrow keys move from speaker to speaker, across pages; Home and End to the first and last. */
  private onCarouselKey(e: KeyboardEvent, count: number): void {
    const next = { ArrowRight: this.active + 1, ArrowLeft: this.active - 1, Home: 0, End: count - 1 }[e.key]
    if (next === undefined) return
    e.preventDefault()
    this.active = Math.max(0, Math.min(count - 1, next))
    this.goToPage(Math.floor(this.active / this.perPage), count)
    void this.updateComplete.then(() =>
      this.renderRoot.querySelectorAll<HTMLElement>('.gallery--carousel [part=speaker]')[this.active]?.focus({ preventScroll: true }),
    )
  }

  protected override render() {
    return html`<div class="root">
      ${this.renderData(this.data, {
        pending: () => renderSkeleton(this.t, 0, 3),
        error: (err) => renderError(err, this.t, () => void this.data.run(), { fallback: true }),
        complete: ({ event, speakers }) =>
          speakers.length
            ? html`${this.layout === 'carousel' ? this.renderCarousel(speakers) : this.renderGallery(speakers)}
                ${this.details.render({ t: this.t, lang: this.intlLocale, timeZone: event.timezone, event })}`
            : renderEmpty(this.t.noSpeakers),
      })}
    </div>`
  }

  private tile(sp: Speaker, tabindex = 0) {
    return html`<button class="tile" part="speaker" tabindex=${tabindex} aria-haspopup="dialog" @click=${() => this.details.openSpeaker(sp.id)}>
      ${renderAvatar(sp, this.layout === 'list' ? '3rem' : '5.5rem')}
      <span class="tile__text">
        <span class="tile__name">${sp.name}</span>
        ${affiliation(sp) ? html`<span class="tile__aff">${affiliation(sp)}</span>` : nothing}
      </span>
    </button>`
  }

  /** Tiles keyed by speaker: after a live change focus stays on the same speaker's tile. */
  private renderGallery(speakers: Speaker[]) {
    return html`<ul class="gallery gallery--${this.layout}" part="gallery" aria-label=${this.t.speakers}>
        ${repeat(
          this.pagesShown.shown(speakers),
          (sp) => sp.id,
          (sp) => html`<li>${this.tile(sp)}</li>`,
        )}
      </ul>
      ${this.pagesShown.render(this.t, speakers.length)}`
  }

  private renderCarousel(speakers: Speaker[]) {
    const { t } = this
    const per = this.perPage
    const count = Math.ceil(speakers.length / per)
    const page = Math.min(this.page, count - 1)
    const groups = Array.from({ length: count }, (_, p) => speakers.slice(p * per, (p + 1) * per))
    return html`<section class="carousel" aria-roledescription="carousel" aria-label=${t.speakers}>
      <div class="carousel__controls">
        <button class="btn carousel__btn" part="button" aria-controls="carousel-pages" aria-label=${t.previous} ?disabled=${page === 0}
          @click=${() => this.goToPage(page - 1, speakers.length)}>
          ${chevronLeft()}
        </button>
        <span class="carousel__pos">${t.slideOf(page + 1, count)}</span>
        <button class="btn carousel__btn" part="button" aria-controls="carousel-pages" aria-label=${t.next} ?disabled=${page === count - 1}
          @click=${() => this.goToPage(page + 1, speakers.length)}>
          ${chevronRight()}
        </button>
      </div>
      <div class="carousel__pages gallery--carousel" id="carousel-pages" part="gallery" aria-live="polite" style="--_per:${per}"
        @keydown=${(e: KeyboardEvent) => this.onCarouselKey(e, speakers.length)} @scroll=${() => this.onScroll(speakers.length)}>
        ${groups.map(
          (group, p) => html`<div class="slide ${p === page ? 'is-current' : ''}" role="group" aria-roledescription="slide"
            aria-label=${t.slideOf(p + 1, count)} ?inert=${p !== page}>
            ${group.map((sp, i) => this.tile(sp, p * per + i === this.active ? 0 : -1))}
          </div>`,
        )}
      </div>
    </section>`
  }
}
