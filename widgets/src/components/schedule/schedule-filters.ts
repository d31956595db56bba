import { html, nothing } from 'lit'
import { closeIcon } from '../../base/icons.js'
import { languageName } from '../../format/language.js'
import type { Messages } from '../../i18n/index.js'
import { byName, type Filters, type ScheduleModel, worthFiltering } from './schedule-model.js'

/** The filters a visitor picks from lists (search is a field of its own). */
export type PickedFilter = 'track' | 'room' | 'tag' | 'language'

export interface FilterContext {
  t: Messages
  lang: string
  model: ScheduleModel
  filters: Filters
  set: (name: PickedFilter, value: string) => void
}

/** How many of the picked filters are set: the count on the phone's "Filters" button. */
export function pickedCount(f: Filters): number {
  return [f.track, f.room, f.tag, f.language].filter(Boolean).length
}

function select(label: string, all: string, options: [value: string, text: string][], value: string, set: (v: string) => void) {
  return html`<label class="field">
    <span class="field__label">${label}</span>
    <select class="field__control" @change=${(e: Event) => set((e.target as HTMLSelectElement).value)}>
      <option value="" ?selected=${!value}>${all}</option>
      ${options.map(([v, text]) => html`<option .value=${v} ?selected=${v === value}>${text}</option>`)}
    </select>
  </label>`
}

/** Which of the four lists are worth showing, worked out once per model (not on every render). */
const worth = new WeakMap<ScheduleModel, [track: boolean, room: boolean, tag: boolean, language: boolean]>()

function worthOf(model: ScheduleModel) {
  let known = worth.get(model)
  if (!known) {
    const items = model.items
    known = [
      worthFiltering(model.tracks, items, (it, v) => it.session.track === v),
      worthFiltering(model.rooms, items, (it, v) => it.session.room === v),
      worthFiltering(model.tags, items, (it, v) => it.session.tags.includes(v)),
      worthFiltering(model.languages, items, (it, v) => it.language === v),
    ]
    worth.set(model, known)
  }
  return known
}

/**
 * Track, room, tag and language lists, each only when it can change what is shown (pretalx's
 * schedule filters the same four). Languages are named in the visitor's language and match their
 * variants (`pt` also shows `pt-BR`), as the embed API's `?language=` does.
 */
export function renderFilterFields(ctx: FilterContext) {
  const { t, model, filters: f, set } = ctx
  const [tracks, rooms, tags, languageList] = worthOf(model)
  const same = (values: string[]) => values.map((v): [string, string] => [v, v])
  const languages = model.languages.map((code): [string, string] => [code, languageName(code, ctx.lang)]).sort((a, b) => byName(a[1], b[1]))
  return html`${tracks ? select(t.track, t.allTracks, same(model.tracks), f.track, (v) => set('track', v)) : nothing}
  ${rooms ? select(t.room, t.allRooms, same(model.rooms), f.room, (v) => set('room', v)) : nothing}
  ${tags ? select(t.tag, t.allTags, same(model.tags), f.tag, (v) => set('tag', v)) : nothing}
  ${languageList ? select(t.language, t.allLanguages, languages, f.language, (v) => set('language', v)) : nothing}`
}

/**
 * The filters as a sheet from the bottom of a phone's screen: a modal `<dialog>` (focus stays
 * in it, Escape closes it) with the same lists, applied as they change, and a button that shows
 * how many sessions the visitor will see.
 */
export function renderFilterSheet(
  ctx: FilterContext & { open: boolean; count: number; onClear: () => void; onClose: () => void; onClosed: () => void },
) {
  const { t } = ctx
  return html`<dialog class="sheet" part="filter-sheet" aria-labelledby="sheet-title"
    @click=${(e: MouseEvent) => e.target === e.currentTarget && ctx.onClose()} @close=${ctx.onClosed}>
    ${
      ctx.open
        ? html`<div class="sheet__body">
          <div class="sheet__head">
            <h2 class="sheet__title" id="sheet-title">${t.filters}</h2>
            <button class="btn dialog__close" part="button" aria-label=${t.close} @click=${ctx.onClose}>${closeIcon()}</button>
          </div>
          <div class="sheet__fields">${renderFilterFields(ctx)}</div>
          <div class="sheet__foot">
            <button class="btn" part="button" ?disabled=${!pickedCount(ctx.filters)} @click=${ctx.onClear}>${t.clearFilters}</button>
            <button class="btn btn--primary" part="button" @click=${ctx.onClose}>${t.showResults(ctx.count)}</button>
          </div>
        </div>`
        : nothing
    }
  </dialog>`
}
