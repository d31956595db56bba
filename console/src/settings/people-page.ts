import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import '@awesome.me/webawesome/dist/components/input/input.js'
import '@awesome.me/webawesome/dist/components/option/option.js'
import '@awesome.me/webawesome/dist/components/select/select.js'
import '@awesome.me/webawesome/dist/components/spinner/spinner.js'
import { css, html, LitElement } from 'lit'
import { customElement, query, state } from 'lit/decorators.js'
import { ApiProblem, apiList, apiSend } from '../api/client.ts'
import type { InvitedUser, User } from '../api/types.ts'
import { canManageAccount, type Role } from '../app/roles.ts'
import { currentRole, currentSession } from '../app/session.ts'
import { formatDateTime, I18nController, t } from '../i18n/index.ts'
import { cardsTable } from '../ui/cards-table.ts'
import { confirmAction } from '../ui/confirm.ts'
import { FormSubmission } from '../ui/form-submission.ts'
import { formValues } from '../ui/form-values.ts'
import { notify, problemText } from '../ui/notify.ts'
import '../ui/page-header.ts'
import { showSecretOnce } from '../ui/secret-dialog.ts'
import { Loaded } from '../ui/loaded.ts'
import { pageStyles } from '../ui/styles.ts'
import { messages } from './people-messages.ts'

const ROLES: Role[] = ['owner', 'editor', 'viewer']

/** `/console/people` (owners): who may sign in, with what role; invite, change role, remove. */
@customElement('console-people-page')
export class ConsolePeoplePage extends LitElement {
  protected readonly i18n = new I18nController(this)

  private readonly users = new Loaded<User[]>(this, {
    read: async () => (await apiList<User>('/users', { limit: 100, sort: 'created_at' })).items,
  })
  @state() private actionError = ''
  @query('form') private form!: HTMLFormElement
  private readonly submission = new FormSubmission(this, () => this.form)

  static override styles = [
    pageStyles,
    css`
      h2 {
        font-size: var(--wa-font-size-xl);
        margin: var(--wa-space-2xl) 0 var(--wa-space-m);
      }
      wa-select {
        min-width: 9rem;
      }
      ul.roles {
        margin: 0;
        padding-inline-start: var(--wa-space-l);
        color: var(--wa-color-text-quiet);
      }
    `,
  ]

  override connectedCallback(): void {
    super.connectedCallback()
    if (canManageAccount(currentRole())) void this.users.load()
  }

  /** The API's 409 for the last owner, in words that say what to do. */
  private explain(error: unknown): string {
    return error instanceof ApiProblem && error.status === 409 ? t(messages).lastOwner : problemText(error)
  }

  private async changeRole(user: User, select: HTMLElement & { value: string }): Promise<void> {
    const m = t(messages)
    const role = select.value as Role
    if (role === user.role) return
    this.actionError = ''
    try {
      const updated = await apiSend<User>('PATCH', `/users/${encodeURIComponent(user.id)}`, { role })
      notify(m.roleChanged(updated.name || updated.email, m.roles[updated.role]))
      await this.users.load()
    } catch (error) {
      select.value = user.role
      this.actionError = this.explain(error)
    }
  }

  private async removeUser(user: User): Promise<void> {
    const m = t(messages)
    const who = user.name || user.email
    if (!(await confirmAction({ heading: m.removeHeading(who), message: m.removeText, confirmLabel: m.removeConfirm }))) return
    this.actionError = ''
    try {
      await apiSend('DELETE', `/users/${encodeURIComponent(user.id)}`)
      notify(m.removed(who))
      await this.users.load()
    } catch (error) {
      this.actionError = this.explain(error)
    }
  }

  private async invite(event: SubmitEvent): Promise<void> {
    if (!this.submission.begin(event)) return
    const m = t(messages)
    const { email = '', role = 'editor', name = '' } = formValues(this.form)
    await this.submission.send(
      async () => {
        const invited = await apiSend<InvitedUser>('POST', '/users', { email, role, name: name || undefined })
        this.form.reset()
        void this.users.load()
        await showSecretOnce({
          heading: m.invitedHeading(invited.email),
          intro: [m.invitedIntro(invited.email)],
          secret: invited.sign_in_url,
          secretLabel: m.linkLabel,
          warning: m.linkWarning,
        })
      },
      (error) => (error instanceof ApiProblem && error.status === 409 ? m.alreadyThere : undefined),
    )
  }

  override render() {
    const m = t(messages)
    if (!canManageAccount(currentRole()))
      return html`<console-page-header heading=${m.heading}></console-page-header>
        <p>${m.ownersOnly}</p>`
    return html`<console-page-header heading=${m.heading}></console-page-header>
      <p>${m.intro}</p>
      <ul class="roles">
        ${ROLES.map((role) => html`<li>${m.roleHelp[role]}</li>`)}
      </ul>
      ${this.actionError ? html`<wa-callout variant="danger" role="alert" style="margin-top: var(--wa-space-m)">${this.actionError}</wa-callout>` : null}
      ${this.renderList()}
      <h2>${m.inviteHeading}</h2>
      <form @submit=${this.invite} novalidate style="max-width: 32rem">
        ${this.submission.renderError()}
        <wa-input name="email" type="email" label=${m.email} required autocomplete="off"></wa-input>
        <wa-input name="name" label=${m.name} maxlength="200" autocomplete="off"></wa-input>
        <wa-select name="role" label=${m.role} value="editor">
          ${ROLES.map((role) => html`<wa-option value=${role}>${m.roles[role]}</wa-option>`)}
        </wa-select>
        <div><wa-button type="submit" variant="brand" ?loading=${this.submission.busy}>${m.invite}</wa-button></div>
      </form>`
  }

  private renderList() {
    return this.users.render(t(messages), (users) => this.renderUsers(users))
  }

  private renderUsers(users: User[]) {
    const m = t(messages)
    const me = currentSession()?.user.id
    const c = m.columns
    return html`<div style="margin-top: var(--wa-space-m)">${cardsTable(
      [c.name, c.email, c.role, c.status, c.lastSignIn, html`<span class="muted">${c.actions}</span>`],
      users.map((user) => {
        const who = user.name || user.email
        return html`<tr>
              <td>${user.name ?? '–'} ${user.id === me ? html`<span class="muted">${m.you}</span>` : null}</td>
              <td data-label=${c.email}>${user.email}</td>
              <td>
                <wa-select
                  size="s"
                  label=${m.roleOf(who)}
                  .value=${user.role}
                  @change=${(e: Event) => this.changeRole(user, e.target as HTMLElement & { value: string })}
                >
                  ${ROLES.map((role) => html`<wa-option value=${role}>${m.roles[role]}</wa-option>`)}
                </wa-select>
              </td>
              <td data-label=${c.status}>${m.status[user.status]}</td>
              <td data-label=${c.lastSignIn}>${user.last_sign_in_at ? formatDateTime(user.last_sign_in_at) : m.never}</td>
              <td>
                <wa-button size="s" variant="danger" appearance="outlined" @click=${() => this.removeUser(user)}>${m.remove(who)}</wa-button>
              </td>
            </tr>`
      }),
    )}</div>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-people-page': ConsolePeoplePage
  }
}
