// "Import a schedule": a file or a URL, its format, what to do with sessions the source no longer
// has; Preview runs a dry run and shows its plan, Import applies it. Progress shows while the
// import runs; the result (or the failure, with its places in the file) shows below the form.
import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/input/input.js'
import '@awesome.me/webawesome/dist/components/option/option.js'
import '@awesome.me/webawesome/dist/components/progress-bar/progress-bar.js'
import '@awesome.me/webawesome/dist/components/radio/radio.js'
import '@awesome.me/webawesome/dist/components/radio-group/radio-group.js'
import '@awesome.me/webawesome/dist/components/select/select.js'
import { css, html, LitElement, nothing } from 'lit'
import { customElement, property, query, state } from 'lit/decorators.js'
import { ApiProblem } from '../api/client.ts'
import { formatNumber, I18nController, t } from '../i18n/index.ts'
import { confirmAction } from '../ui/confirm.ts'
import { applyFieldProblems, clearFieldProblems } from '../ui/form-errors.ts'
import { FormSubmission } from '../ui/form-submission.ts'
import { notify } from '../ui/notify.ts'
import { pageStyles } from '../ui/styles.ts'
import { type ImportChoice, isFinished, runImport } from './import-request.ts'
import './import-result.ts'
import type { ConsoleImportResult } from './import-result.ts'
import {
  IMPORT_FORMATS,
  type Import,
  type ImportError,
  type ImportFormat,
  REMOVED_ITEM_ACTIONS,
  type RemovedItemAction,
} from './import-types.ts'
import { messages } from './messages.ts'

type SourceKind = 'file' | 'url'

/** A failure the API answers at once about the source itself (an upload it could not read). */
function sourceFailure(error: unknown): ImportError | undefined {
  if (!(error instanceof ApiProblem) || !error.code.startsWith('SOURCE_')) return undefined
  return { code: error.code, message: error.message, details: error.details }
}

@customElement('console-import-form')
export class ConsoleImportForm extends LitElement {
  protected readonly i18n = new I18nController(this)

  @property({ attribute: 'event-id' }) eventId = ''
  @property({ type: Boolean }) readonly = false

  @state() private sourceKind: SourceKind = 'file'
  @state() private file: File | undefined
  @state() private url = ''
  @state() private format: ImportFormat = 'auto'
  @state() private removed: RemovedItemAction = 'cancel'
  /** The import under way, as last read (its progress). */
  @state() private running: Import | undefined
  /** The last import that finished, or a failure answered at once. */
  @state() private result: Import | undefined
  @state() private failure: ImportError | undefined
  /** Which button started the run under way (that one shows busy). */
  private previewing = true

  @query('form') private form!: HTMLFormElement
  @query('console-import-result') private resultView: ConsoleImportResult | undefined
  private readonly submission = new FormSubmission(this, () => this.form)
  private readonly stopAsking = new AbortController()

  static override styles = [
    pageStyles,
    css`
      /* One fieldset around the controls, only so that a viewer's form is disabled at once. */
      .controls {
        border: 0;
        padding: 0;
        margin: 0;
        min-width: 0;
      }
      .file {
        display: flex;
        flex-direction: column;
        gap: var(--wa-space-2xs);
      }
      .file label {
        font-weight: var(--wa-font-weight-semibold);
      }
      .file .hint {
        font-size: var(--wa-font-size-s);
        color: var(--wa-color-text-quiet);
      }
      input[type='file'] {
        font: inherit;
      }
      input[type='file']:focus-visible {
        outline: var(--wa-focus-ring);
        outline-offset: var(--wa-focus-ring-offset);
      }
      .actions {
        display: flex;
        flex-wrap: wrap;
        gap: var(--wa-space-s);
      }
      .progress {
        margin-block-start: var(--wa-space-m);
        max-width: 48rem;
      }
    `,
  ]

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.stopAsking.abort()
  }

  /** What the form asks for, or undefined after saying under its control what is missing. */
  private choice(dryRun: boolean): ImportChoice | undefined {
    const f = t(messages).form
    if (this.sourceKind === 'file' && !this.file) {
      applyFieldProblems(this.form, { fields: [{ path: 'file', message: f.noFile }] })
      return undefined
    }
    const url = this.url.trim()
    if (this.sourceKind === 'url' && !url) {
      applyFieldProblems(this.form, { fields: [{ path: 'url', message: f.noUrl }] })
      return undefined
    }
    const source = this.sourceKind === 'file' && this.file ? { file: this.file } : { url }
    return { source, format: this.format, removed: this.removed, dryRun }
  }

  private async start(dryRun: boolean): Promise<void> {
    const m = t(messages)
    if (this.submission.busy || this.readonly) return
    this.submission.error = ''
    clearFieldProblems(this.form)
    const choice = this.choice(dryRun)
    if (!choice) return
    if (!dryRun && choice.removed === 'delete') {
      const confirmed = await confirmAction({
        heading: m.form.deleteHeading,
        message: m.form.deleteText,
        confirmLabel: m.form.deleteConfirm,
      })
      if (!confirmed) return
    }
    this.result = undefined
    this.failure = undefined
    await this.submission.send(
      async () => {
        const finished = await runImport(
          this.eventId,
          choice,
          (item) => {
            this.running = isFinished(item) ? undefined : item
          },
          this.stopAsking.signal,
        )
        this.running = undefined
        this.result = finished
        if (!finished.dry_run && finished.status === 'done') notify(m.result.doneHeading)
        await this.updateComplete
        this.resultView?.focusHeading()
      },
      (error) => {
        this.running = undefined
        const failure = sourceFailure(error)
        if (!failure) return undefined
        this.failure = failure
        void this.updateComplete.then(() => this.resultView?.focusHeading())
        return ''
      },
    )
  }

  private onSubmit(event: SubmitEvent): void {
    event.preventDefault()
    this.previewing = true
    void this.start(true)
  }

  private renderSource() {
    const f = t(messages).form
    if (this.sourceKind === 'url') {
      return html`<wa-input
        name="url"
        type="url"
        label=${f.url}
        hint=${f.urlHint}
        placeholder="https://"
        required
        .value=${this.url}
        @input=${(e: Event) => {
          this.url = String((e.target as HTMLInputElement).value ?? '')
        }}
      ></wa-input>`
    }
    return html`<div class="file">
      <label for="file">${f.file}</label>
      <input
        id="file"
        name="file"
        type="file"
        accept=".json,.xml,application/json,application/xml,text/xml"
        aria-describedby="file-hint"
        @change=${(e: Event) => {
          this.file = (e.target as HTMLInputElement).files?.[0]
          clearFieldProblems(this.form)
        }}
      />
      <span id="file-hint" class="hint">${f.fileHint}</span>
    </div>`
  }

  private renderProgress() {
    const p = t(messages).progress
    const item = this.running
    if (!item && !this.submission.busy) return nothing
    const progress = item?.progress
    const known = progress && progress.total > 0
    const text = known
      ? p.step(p.phases[progress.phase] ?? progress.phase, formatNumber(progress.done), formatNumber(progress.total))
      : item?.status === 'running'
        ? p.running
        : p.waiting
    return html`<div class="progress">
      <wa-progress-bar
        label=${p.label}
        ?indeterminate=${!known}
        .value=${known ? Math.round((100 * progress.done) / progress.total) : 0}
      ></wa-progress-bar>
      <p role="status">${text}</p>
    </div>`
  }

  override render() {
    const f = t(messages).form
    return html`<form @submit=${this.onSubmit} novalidate aria-busy=${this.submission.busy ? 'true' : 'false'}>
        ${this.submission.renderError()}
        <fieldset ?disabled=${this.readonly} class="controls stack">
          <wa-radio-group
            label=${f.source}
            orientation="horizontal"
            .value=${this.sourceKind}
            @change=${(e: Event) => {
              this.sourceKind = (e.target as HTMLInputElement).value as SourceKind
              clearFieldProblems(this.form)
            }}
          >
            <wa-radio value="file">${f.fromFile}</wa-radio>
            <wa-radio value="url">${f.fromUrl}</wa-radio>
          </wa-radio-group>
          ${this.renderSource()}
          <wa-select
            name="format"
            label=${f.format}
            hint=${f.formatHint}
            .value=${this.format}
            @change=${(e: Event) => {
              this.format = (e.target as HTMLSelectElement).value as ImportFormat
            }}
          >
            ${IMPORT_FORMATS.map((format) => html`<wa-option value=${format}>${f.formats[format]}</wa-option>`)}
          </wa-select>
          <wa-radio-group
            name="removed"
            label=${f.removed}
            .value=${this.removed}
            @change=${(e: Event) => {
              this.removed = (e.target as HTMLInputElement).value as RemovedItemAction
            }}
          >
            ${REMOVED_ITEM_ACTIONS.map((action) => html`<wa-radio value=${action}>${f.removedChoices[action]}</wa-radio>`)}
          </wa-radio-group>
          <div class="actions">
            <wa-button type="submit" variant="neutral" appearance="outlined" ?disabled=${this.readonly} ?loading=${this.submission.busy && this.previewing}
              >${f.preview}</wa-button
            >
            <wa-button
              variant="brand"
              ?disabled=${this.readonly}
              ?loading=${this.submission.busy && !this.previewing}
              @click=${() => {
                this.previewing = false
                void this.start(false)
              }}
              >${f.import}</wa-button
            >
          </div>
        </fieldset>
      </form>
      ${this.renderProgress()}
      <console-import-result .item=${this.failure ? undefined : this.result} .failure=${this.failure}></console-import-result>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-import-form': ConsoleImportForm
  }
}
