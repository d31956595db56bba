// A list the API pages: the page shown, its items and the total, read again on demand, with the
// list's states (failure, first load, content) and page links drawn in one place for every screen.
import type { ReactiveController, ReactiveControllerHost } from 'lit'
import type { PageMeta } from '../api/client.ts'
import { listState } from './list-state.ts'
import { problemText } from './notify.ts'
import { pager } from './pager.ts'

export interface PagedListOptions<T> {
  pageSize: number
  /** Reads one page (from 1) of `pageSize` items: `apiList`'s answer. */
  read: (page: number, pageSize: number) => Promise<{ items: T[]; meta: PageMeta }>
  /** The failure's sentence around the problem's own text ("Could not load the tokens: …"). */
  failed: (problem: string) => string
  /** Reads again from the failure's "Try again" button; default true. */
  retry?: boolean
  /** What choosing a page does; by default it shows that page (a host keeping the page in the address says otherwise). */
  onPage?: (page: number) => void
}

export interface ListLabels {
  retry: string
  loading: string
}

export class PagedList<T> implements ReactiveController {
  items: T[] = []
  total = 0
  /** The page shown, from 1. */
  page = 1
  loading = true
  /** The failure's sentence, '' when the last read worked. */
  failure = ''
  /** Which read is the latest: an older answer arriving late is dropped. */
  private request = 0

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: PagedListOptions<T>,
  ) {
    host.addController(this)
  }

  /** A screen left behind takes no answer that arrives after it. */
  hostDisconnected(): void {
    this.request++
  }

  /** Reads the page shown (again). */
  async load(): Promise<void> {
    const request = ++this.request
    this.loading = true
    this.failure = ''
    this.host.requestUpdate()
    try {
      const { items, meta } = await this.options.read(this.page, this.options.pageSize)
      if (request !== this.request) return
      this.items = items
      this.total = meta.total
    } catch (error) {
      if (request === this.request) this.failure = this.options.failed(problemText(error))
    } finally {
      if (request === this.request) {
        this.loading = false
        this.host.requestUpdate()
      }
    }
  }

  /** Shows `page`, read. */
  show(page: number): Promise<void> {
    this.page = page
    return this.load()
  }

  /** Puts `item` in place of the item it matches (a change made on the screen), without reading again. */
  replace(item: T, same: (a: T, b: T) => boolean): void {
    this.items = this.items.map((existing) => (same(existing, item) ? item : existing))
    this.host.requestUpdate()
  }

  /** The list's place on the page: its failure, its first load or `content`, then the page links. */
  render(labels: ListLabels, content: () => unknown): unknown[] {
    const { retry = true, onPage = (page: number) => void this.show(page) } = this.options
    return [
      listState(
        {
          failure: this.failure,
          loading: this.loading && this.items.length === 0,
          retry: retry ? () => void this.load() : undefined,
          labels,
        },
        content,
      ),
      pager({ total: this.total, pageSize: this.options.pageSize, page: this.page, onPage }),
    ]
  }
}
