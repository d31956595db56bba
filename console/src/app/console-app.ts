// The console's shell: decides from the address and the session which page to draw, and draws
// signed-in pages inside the header and navigation (signed-out pages stand alone).
import '@awesome.me/webawesome/dist/components/button/button.js'
import '@awesome.me/webawesome/dist/components/dropdown/dropdown.js'
import '@awesome.me/webawesome/dist/components/dropdown-item/dropdown-item.js'
import '@awesome.me/webawesome/dist/components/divider/divider.js'
import '@awesome.me/webawesome/dist/components/spinner/spinner.js'
import '@awesome.me/webawesome/dist/components/callout/callout.js'
import { css, html, LitElement, nothing } from 'lit'
import { customElement, state } from 'lit/decorators.js'
import { apiSend, UNAUTHORIZED_EVENT } from '../api/client.ts'
import { I18nController, LANGUAGES, type Language, language, setLanguage, t } from '../i18n/index.ts'
import { notify, notifyProblem, problemText } from '../ui/notify.ts'
import { visuallyHidden } from '../ui/styles.ts'
import { messages } from './messages.ts'
import './not-found-page.ts'
import { canManageAccount } from './roles.ts'
import { matchRoute, type RouteMatch, safeNext, signInUrl } from './route-match.ts'
import { NAVIGATE_EVENT, navigate, startRouter } from './router.ts'
import { routes } from './routes.ts'
import { currentSession, loadSession, SESSION_EVENT, type Session, setSession } from './session.ts'
import { applyTheme, currentTheme } from './theme.ts'

/** Navigation entries: where they go and which paths count as inside them. */
const NAV = [
  { key: 'events', href: '/console/', prefixes: ['/console/events'] },
  { key: 'tokens', href: '/console/tokens', prefixes: ['/console/tokens'] },
  { key: 'webhooks', href: '/console/webhooks', prefixes: ['/console/webhooks'] },
  { key: 'settings', href: '/console/settings', prefixes: ['/console/settings', '/console/password'] },
  { key: 'people', href: '/console/people', prefixes: ['/console/people'], ownersOnly: true },
] as const

@customElement('console-app')
export class ConsoleApp extends LitElement {
  protected readonly i18n = new I18nController(this)

  @state() private session: Session | null = null
  @state() private match: RouteMatch | undefined
  @state() private page: HTMLElement | undefined
  @state() private loading = true
  @state() private failure = ''
  @state() private menuOpen = false

  private readonly onNavigate = () => void this.route()
  private readonly onSession = () => {
    this.session = currentSession()
  }
  private readonly onUnauthorized = () => {
    if (!currentSession()) return
    setSession(null)
    void this.route()
  }

  override connectedCallback(): void {
    super.connectedCallback()
    startRouter()
    window.addEventListener(NAVIGATE_EVENT, this.onNavigate)
    window.addEventListener(SESSION_EVENT, this.onSession)
    window.addEventListener(UNAUTHORIZED_EVENT, this.onUnauthorized)
    void this.start()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    window.removeEventListener(NAVIGATE_EVENT, this.onNavigate)
    window.removeEventListener(SESSION_EVENT, this.onSession)
    window.removeEventListener(UNAUTHORIZED_EVENT, this.onUnauthorized)
  }

  private async start(): Promise<void> {
    this.loading = true
    this.failure = ''
    try {
      await loadSession()
      await this.route()
    } catch (error) {
      this.failure = problemText(error)
      this.loading = false
    }
  }

  /** Draws the page the address names, or sends a signed-out visitor to sign in. */
  private async route(): Promise<void> {
    const path = location.pathname
    const match = matchRoute(routes, path)
    if (match && !match.route.public && !currentSession()) {
      navigate(signInUrl(path + location.search), { replace: true })
      return
    }
    // Signed in already: the sign-in and sign-up pages have nothing to offer (one-time links do).
    if (currentSession() && (path === '/console/sign-in' || path === '/console/sign-up')) {
      navigate(safeNext(new URLSearchParams(location.search).get('next')), { replace: true })
      return
    }
    this.menuOpen = false
    let page: HTMLElement
    if (match) {
      try {
        await match.route.load()
      } catch (error) {
        // A new deployment replaced the chunk this page asked for: a reload fetches the new one.
        this.failure = problemText(error)
        this.loading = false
        return
      }
      if (location.pathname !== path) return // another navigation overtook this one
      page = document.createElement(match.route.tag)
      Object.assign(page, match.params)
    } else {
      page = document.createElement('console-not-found-page')
    }
    this.match = match
    this.page = page
    this.loading = false
    this.failure = ''
    await this.updateComplete
    // Screen readers and keyboards start at the new page, as after a page load.
    this.renderRoot.querySelector<HTMLElement>('main')?.focus({ preventScroll: true })
    window.scrollTo(0, 0)
  }

  private async signOut(everywhere: boolean): Promise<void> {
    try {
      await apiSend('POST', everywhere ? '/auth/sign-out-everywhere' : '/auth/sign-out')
    } catch (error) {
      notifyProblem(error)
      return
    }
    if (everywhere) notify(t(messages).signedOutEverywhere)
    setSession(null)
    navigate('/console/sign-in', { replace: false })
  }

  private onUserMenu(event: CustomEvent<{ item: HTMLElement & { value?: string } }>): void {
    const value = event.detail.item.value ?? ''
    if (value === 'password') navigate('/console/password')
    else if (value === 'sign-out') void this.signOut(false)
    else if (value === 'sign-out-everywhere') void this.signOut(true)
    else if (value === 'theme') applyTheme(currentTheme() === 'dark' ? 'light' : 'dark', true)
    else if (value.startsWith('lang:')) setLanguage(value.slice(5) as Language)
    this.requestUpdate()
  }

  static override styles = css`
    :host {
      display: block;
      min-height: 100vh;
      background: var(--wa-color-surface-default);
      color: var(--wa-color-text-normal);
    }
    .skip {
      position: absolute;
      inset-inline-start: var(--wa-space-s);
      top: -10rem;
      z-index: 10;
      padding: var(--wa-space-xs) var(--wa-space-s);
      background: var(--wa-color-surface-raised);
    }
    .skip:focus {
      top: var(--wa-space-s);
    }
    header {
      display: flex;
      align-items: center;
      gap: var(--wa-space-s);
      padding: var(--wa-space-xs) var(--wa-space-m);
      border-block-end: var(--wa-border-width-s) solid var(--wa-color-surface-border);
      background: var(--wa-color-surface-raised);
    }
    .brand {
      font-weight: var(--wa-font-weight-bold);
      color: inherit;
      text-decoration: none;
      margin-inline-end: auto;
    }
    .account {
      color: var(--wa-color-text-quiet);
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
      max-width: 14rem;
    }
    .menu-toggle {
      display: none;
    }
    /* Native buttons where their ARIA state must reach the button itself (wa-button keeps it on its host). */
    button.plain {
      font: inherit;
      color: inherit;
      background: transparent;
      border: var(--wa-border-width-s) solid var(--wa-color-neutral-border-quiet);
      border-radius: var(--wa-border-radius-m);
      padding: var(--wa-space-2xs) var(--wa-space-s);
      cursor: pointer;
    }
    button.plain[aria-pressed='true'],
    button.plain[aria-expanded='true'] {
      background: var(--wa-color-neutral-fill-quiet);
    }
    button.plain:focus-visible {
      outline: var(--wa-focus-ring);
      outline-offset: var(--wa-focus-ring-offset);
    }
    ${visuallyHidden}
    .layout {
      display: grid;
      grid-template-columns: 13rem minmax(0, 1fr);
      min-height: calc(100vh - 3.5rem);
    }
    nav {
      border-inline-end: var(--wa-border-width-s) solid var(--wa-color-surface-border);
      padding: var(--wa-space-m) var(--wa-space-s);
    }
    nav ul {
      list-style: none;
      margin: 0;
      padding: 0;
      display: flex;
      flex-direction: column;
      gap: var(--wa-space-3xs);
    }
    nav a {
      display: block;
      padding: var(--wa-space-xs) var(--wa-space-s);
      border-radius: var(--wa-border-radius-m);
      color: inherit;
      text-decoration: none;
    }
    nav a:hover {
      background: var(--wa-color-neutral-fill-quiet);
    }
    nav a[aria-current='page'] {
      background: var(--wa-color-brand-fill-quiet);
      color: var(--wa-color-brand-on-quiet);
      font-weight: var(--wa-font-weight-semibold);
    }
    main {
      padding: var(--wa-space-l);
      min-width: 0;
      outline: none;
    }
    .public {
      max-width: 28rem;
      margin: 0 auto;
      padding: var(--wa-space-2xl) var(--wa-space-m);
    }
    .public-bar {
      display: flex;
      justify-content: flex-end;
      gap: var(--wa-space-xs);
      padding: var(--wa-space-xs) var(--wa-space-m);
    }
    .center {
      display: grid;
      place-items: center;
      min-height: 50vh;
    }
    @media (max-width: 48rem) {
      .account {
        display: none;
      }
      .menu-toggle {
        display: inline-block;
      }
      .layout {
        grid-template-columns: minmax(0, 1fr);
      }
      nav {
        display: none;
        border-inline-end: 0;
        border-block-end: var(--wa-border-width-s) solid var(--wa-color-surface-border);
      }
      nav.open {
        display: block;
      }
      main {
        padding: var(--wa-space-m);
      }
    }
  `

  private renderUserMenu(session: Session) {
    const m = t(messages)
    const name = session.user.name || session.user.email
    const dark = currentTheme() === 'dark'
    return html`<wa-dropdown placement="bottom-end" @wa-select=${this.onUserMenu}>
      <wa-button slot="trigger" size="s" appearance="outlined" with-caret
        ><span class="visually-hidden">${m.userMenu}: </span>${name}</wa-button
      >
      <wa-dropdown-item disabled>${session.user.email} · ${m.role[session.user.role]}</wa-dropdown-item>
      <wa-divider></wa-divider>
      <wa-dropdown-item value="password">${m.changePassword}</wa-dropdown-item>
      <wa-dropdown-item value="theme" type="checkbox" ?checked=${dark}>${m.darkTheme}</wa-dropdown-item>
      ${LANGUAGES.map(
        (lang) =>
          html`<wa-dropdown-item value="lang:${lang}" type="checkbox" ?checked=${language() === lang} lang=${lang}
            >${m.languageNames[lang]}</wa-dropdown-item
          >`,
      )}
      <wa-divider></wa-divider>
      <wa-dropdown-item value="sign-out">${m.signOut}</wa-dropdown-item>
      <wa-dropdown-item value="sign-out-everywhere">${m.signOutEverywhere}</wa-dropdown-item>
    </wa-dropdown>`
  }

  /** Language and theme for signed-out pages, which have no user menu. */
  private renderPublicBar() {
    const m = t(messages)
    const other = language() === 'en' ? 'de' : 'en'
    const dark = currentTheme() === 'dark'
    return html`<div class="public-bar">
      <button type="button" class="plain" lang=${other} @click=${() => setLanguage(other)}>${m.languageNames[other]}</button>
      <button
        type="button"
        class="plain"
        aria-pressed=${dark ? 'true' : 'false'}
        @click=${() => {
          applyTheme(dark ? 'light' : 'dark', true)
          this.requestUpdate()
        }}
      >
        ${m.darkTheme}
      </button>
    </div>`
  }

  override render() {
    const m = t(messages)
    if (this.failure)
      return html`<div class="center">
        <wa-callout variant="danger">
          <p>${m.loadFailed} ${this.failure}</p>
          <wa-button @click=${() => location.reload()}>${m.retry}</wa-button>
        </wa-callout>
      </div>`
    if (this.loading || !this.page) return html`<div class="center"><wa-spinner aria-label=${m.loading}></wa-spinner></div>`
    const session = this.session
    if (this.match?.route.public || !session)
      return html`${this.renderPublicBar()}
        <main class="public" tabindex="-1">${this.page}</main>`
    const path = location.pathname
    return html`<a class="skip" href="#main" @click=${this.skipToMain}>${m.skipToContent}</a>
      <header>
        <button
          type="button"
          class="plain menu-toggle"
          aria-expanded=${this.menuOpen ? 'true' : 'false'}
          aria-controls="nav"
          @click=${() => {
            this.menuOpen = !this.menuOpen
          }}
        >
          ${m.menu}
        </button>
        <a class="brand" href="/console/">${m.product}</a>
        <span class="account">${session.account.name}</span>
        ${this.renderUserMenu(session)}
      </header>
      <div class="layout">
        <nav id="nav" class=${this.menuOpen ? 'open' : ''} aria-label=${m.navigation}>
          <ul>
            ${NAV.filter((item) => !('ownersOnly' in item) || canManageAccount(session.user.role)).map(
              (item) =>
                html`<li>
                  <a
                    href=${item.href}
                    aria-current=${
                      (item.key === 'events' ? path === '/console/' || path === '/console' : false) ||
                      item.prefixes.some((prefix) => path.startsWith(prefix))
                        ? 'page'
                        : nothing
                    }
                    >${m.nav[item.key]}</a
                  >
                </li>`,
            )}
          </ul>
        </nav>
        <main id="main" tabindex="-1">${this.page}</main>
      </div>`
  }

  private skipToMain(event: Event): void {
    event.preventDefault()
    this.renderRoot.querySelector<HTMLElement>('main')?.focus()
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'console-app': ConsoleApp
  }
}
