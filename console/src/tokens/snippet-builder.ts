// The snippet builder of one token: the widgets and attributes the widgets' manifest declares (as
// the embed server serves it), choices from the token's event, the HTML to copy, and a live
// preview of that very HTML in a frame of its own, loading the loader from the embed server.
import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/checkbox/checkbox.js'
import '@awesome.me/webawesome/dist/components/input/input.js'
import '@awesome.me/webawesome/dist/components/option/option.js'
import '@awesome.me/webawesome/dist/components/select/select.js'
import '@awesome.me/webawesome/dist/components/spinner/spinner.js'
import { css, html, LitElement, nothing } from 'lit'
import { customElement, property, state } from 'lit/decorators.js'
import { keyed } from 'lit/directives/keyed.js'
import { repeat } from 'lit/directives/repeat.js'
import { everyItem } from '../api/every-item.ts'
import { canWrite } from '../app/roles.ts'
import { currentRole } from '../app/session.ts'
import { I18nController, language, t } from '../i18n/index.ts'
import { copyText } from '../ui/copy.ts'
import { problemText } from '../ui/notify.ts'
import { pageStyles } from '../ui/styles.ts'
import { rememberedToken } from './created-tokens.ts'
import { messages } from './messages.ts'
import { allowsOrigin } from './origins.ts'
import {
  type AttributeSpec,
  buildSnippet,
  type ElementSpec,
  type EventItems,
  editableAttributes,
  elementsFromManifest,
  eventItems,
  idChoices,
  isTokenOf,
  manifestUrl,
  previewDocument,
  type SessionItem,
  type SpeakerItem,
  startingValues,
  tokenPlaceholder,
} from './snippet-model.ts'
import type { EmbedToken } from './token-form.ts'
import { tokenState } from './token-state.ts'

/** The select value of "not set" (Web Awesome's select has no empty option value). */
const UNSET = '__unset'

@customElement('console-snippet-builder')
export class ConsoleSnippetBuilder extends LitElement {
  protected readonly i18n = new I18nController(this)

  @property({ attribute: false }) token!: EmbedToken
  @property() embedUrl = ''

  @state() private elements: ElementSpec[] = []
  @state() private selectedTag = 'service-schedule'
  @state() private values = new Map<string, string | null>()
  @state() private fallbackHref = ''
  @state() private tokenValue = ''
  @state() private items: EventItems | undefined
  @state() private manifestError = ''
  @state() private choicesError = ''
  @state() private loading = true

  static override styles = [
    pageStyles,
    css`
      .builder {
        display: grid;
        grid-template-columns: minmax(0, 22rem) minmax(0, 1fr);
        gap: var(--wa-space-l);
      }
      @media (max-width: 60rem) {
        .builder {
          grid-template-columns: minmax(0, 1fr);
        }
      }
      .controls {
        display: flex;
        flex-direction: column;
        gap: var(--wa-space-m);
      }
      pre {
        margin: 0;
        padding: var(--wa-space-s);
        overflow-x: auto;
        background: var(--wa-color-neutral-fill-quiet);
        border-radius: var(--wa-border-radius-m);
        font-size: var(--wa-font-size-s);
      }
      iframe {
        display: block;
        width: 100%;
        height: 36rem;
        resize: vertical;
        overflow: auto;
        border: var(--wa-border-width-s) solid var(--wa-color-surface-border);
        border-radius: var(--wa-border-radius-m);
        background: #fff;
      }
      iframe.dark {
        background: #121212;
      }
      h3 {
        margin: 0 0 var(--wa-space-xs);
        font-size: var(--wa-font-size-m);
      }
    `,
  ]

  override connectedCallback(): void {
    super.connectedCallback()
    this.tokenValue = rememberedToken(this.token.id) ?? ''
    void this.load()
  }

  private async load(): Promise<void> {
    this.loading = true
    const [manifest, items] = await Promise.allSettled([
      fetch(manifestUrl(this.embedUrl), { credentials: 'omit' }).then((r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status}`)
        return r.json() as Promise<unknown>
      }),
      Promise.all([
        everyItem<SessionItem>('/sessions', { event_id: this.token.event_id, sort: 'starts_at' }),
        everyItem<SpeakerItem>('/speakers', { event_id: this.token.event_id, sort: 'name' }),
      ]),
    ])
    const m = t(messages).builder
    if (manifest.status === 'fulfilled') {
      this.elements = elementsFromManifest(manifest.value)
      if (!this.elements.some((e) => e.tagName === this.selectedTag) && this.elements[0]) this.selectedTag = this.elements[0].tagName
    } else {
      this.manifestError = m.manifestFailed(manifest.reason instanceof Error ? manifest.reason.message : String(manifest.reason))
    }
    if (items.status === 'fulfilled') this.items = eventItems(items.value[0], items.value[1])
    else this.choicesError = m.choicesFailed(problemText(items.reason))
    const element = this.current()
    if (element) this.values = startingValues(element, this.items)
    this.loading = false
  }

  private current(): ElementSpec | undefined {
    return this.elements.find((e) => e.tagName === this.selectedTag)
  }

  private setValue(name: string, value: string | null | undefined): void {
    const values = new Map(this.values)
    if (value === undefined) values.delete(name)
    else values.set(name, value)
    this.values = values
  }

  private chooseElement(tagName: string): void {
    const next = this.elements.find((e) => e.tagName === tagName)
    if (!next) return
    this.selectedTag = tagName
    this.values = startingValues(next, this.items, this.values)
  }

  private renderControl(attribute: AttributeSpec) {
    const m = t(messages).builder
    const hint = (attribute.description || attribute.kind).replaceAll('`', '')
    const label = attribute.name
    const value = this.values.get(attribute.name)
    if (attribute.kind === 'boolean') {
      return html`<wa-checkbox
        hint=${hint}
        ?checked=${this.values.has(attribute.name)}
        @change=${(e: Event) => this.setValue(attribute.name, (e.target as HTMLInputElement).checked ? null : undefined)}
        >${label}</wa-checkbox
      >`
    }
    const choices = idChoices(attribute.name, this.items)
    if (attribute.kind === 'enum' || choices) {
      const options = choices?.options ?? attribute.options.map((o) => ({ value: o, label: o }))
      const index = options.findIndex((o) => o.value === value)
      const unsetLabel = attribute.defaultValue ? m.defaultValue(attribute.defaultValue) : choices ? m.anyValue : m.notSet
      return html`<wa-select
        label=${label}
        hint=${hint}
        .value=${index >= 0 ? `o${index}` : UNSET}
        @change=${(e: Event) => {
          const picked = String((e.target as HTMLSelectElement).value)
          this.setValue(attribute.name, picked === UNSET ? undefined : options[Number(picked.slice(1))]?.value)
        }}
      >
        ${choices?.required ? nothing : html`<wa-option value=${UNSET}>${unsetLabel}</wa-option>`}
        ${options.map((o, i) => html`<wa-option value="o${i}">${o.label}</wa-option>`)}
      </wa-select>`
    }
    return html`<wa-input
      label=${label}
      hint=${hint}
      type=${attribute.kind === 'number' ? 'number' : 'text'}
      placeholder=${attribute.defaultValue ?? ''}
      autocomplete="off"
      spellcheck="false"
      .value=${value ?? ''}
      @change=${(e: Event) => {
        const text = String((e.target as HTMLInputElement).value ?? '').trim()
        this.setValue(attribute.name, text === '' ? undefined : text)
      }}
    ></wa-input>`
  }

  private renderNotices() {
    const m = t(messages).builder
    const origin = location.origin
    const state = tokenState(this.token)
    const notices = []
    if (state !== 'active')
      notices.push(html`<wa-callout variant="warning">${m.notUsable(t(messages).state[state].toLowerCase())}</wa-callout>`)
    if (!allowsOrigin(this.token.allowed_origins, origin)) {
      const fixable = canWrite(currentRole()) && state !== 'revoked'
      notices.push(
        html`<wa-callout variant="warning" data-testid="origin-refused">
          ${m.originRefused(origin)}
          ${
            fixable
              ? html`<div>
                <wa-button
                  size="s"
                  @click=${() => this.dispatchEvent(new CustomEvent('allow-console-origin', { detail: origin, bubbles: true, composed: true }))}
                  >${m.allowConsole}</wa-button
                >
              </div>`
              : nothing
          }
        </wa-callout>`,
      )
    }
    if (this.choicesError) notices.push(html`<wa-callout variant="neutral">${this.choicesError}</wa-callout>`)
    return notices
  }

  override render() {
    const m = t(messages).builder
    if (this.loading) return html`<p role="status"><wa-spinner></wa-spinner> ${m.loading}</p>`
    if (this.manifestError) return html`<wa-callout variant="danger" role="alert">${this.manifestError}</wa-callout>`
    const element = this.current()
    if (!element) return nothing
    const tokenKnown = isTokenOf(this.tokenValue, this.token.prefix)
    const mismatch = this.tokenValue.trim() !== '' && !tokenKnown
    const snippet = buildSnippet(element, {
      embedUrl: this.embedUrl,
      eventId: this.token.event_id,
      token: tokenKnown ? this.tokenValue.trim() : tokenPlaceholder(this.token.prefix),
      values: this.values,
      fallbackHref: this.fallbackHref,
      prefersDark: matchMedia('(prefers-color-scheme: dark)').matches,
    })
    return html`<p class="muted">${m.intro}</p>
      <div class="stack">${this.renderNotices()}</div>
      <div class="builder">
        <div class="controls">
          <wa-select label=${m.element} hint=${element.summary} .value=${this.selectedTag} @change=${(e: Event) => this.chooseElement(String((e.target as HTMLSelectElement).value))}>
            ${this.elements.map((el) => html`<wa-option value=${el.tagName}>&lt;${el.tagName}&gt;</wa-option>`)}
          </wa-select>
          <wa-input
            label=${m.token}
            hint=${mismatch ? m.tokenMismatch(this.token.prefix) : m.tokenHint(this.token.prefix)}
            autocomplete="off"
            spellcheck="false"
            placeholder=${tokenPlaceholder(this.token.prefix)}
            aria-invalid=${mismatch ? 'true' : 'false'}
            .value=${this.tokenValue}
            @input=${(e: Event) => {
              this.tokenValue = String((e.target as HTMLInputElement).value ?? '')
            }}
          ></wa-input>
          ${repeat(
            editableAttributes(element),
            // One control per element and attribute: a select reused for another attribute kept its old label.
            (a) => `${element.tagName} ${a.name}`,
            (a) => this.renderControl(a),
          )}
          <wa-input
            label=${m.fallback}
            hint=${m.fallbackHint}
            type="url"
            placeholder="https://"
            .value=${this.fallbackHref}
            @change=${(e: Event) => {
              this.fallbackHref = String((e.target as HTMLInputElement).value ?? '')
            }}
          ></wa-input>
        </div>
        <div class="stack">
          <div>
            <h3 id="snippet-code">${m.code}</h3>
            <pre aria-labelledby="snippet-code"><code>${snippet.html}</code></pre>
          </div>
          <div><wa-button variant="brand" @click=${() => void copyText(snippet.html)}>${m.copy}</wa-button></div>
          <div>
            <h3>${m.preview}</h3>
            ${
              tokenKnown
                ? // A new frame when the token's access changes: the same snippet then shows something else.
                  keyed(
                    JSON.stringify([this.token.allowed_origins, this.token.is_active, this.token.expires_at]),
                    html`<iframe
                    class=${snippet.theme === 'dark' ? 'dark' : ''}
                    title=${m.previewTitle(element.tagName)}
                    srcdoc=${previewDocument(snippet, this.embedUrl, language())}
                  ></iframe>`,
                  )
                : html`<p class="muted">${m.previewNeedsToken}</p>`
            }
          </div>
        </div>
      </div>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-snippet-builder': ConsoleSnippetBuilder
  }
  interface HTMLElementEventMap {
    'allow-console-origin': CustomEvent<string>
  }
}
