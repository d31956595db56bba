import { type MailMessages, mailMessagesOf } from './registration-mail.messages.ts'

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string)

/**
 * What a link page (the cancel and the confirm link of the registration emails) shows: a question
 * with the registrant's name as a labelled value and a button (opening the link changes nothing:
 * mail scanners and link previews open links too), then the outcome, or why the link does nothing.
 */
export type LinkPageView =
  | { kind: 'ask'; question: string; nameLabel: string; name: string; button: string; token: string; action: string; danger: boolean }
  | { kind: 'done'; text: string }
  | { kind: 'refused'; text: string }

/** A link page: self-contained, no script, every text escaped. */
export function linkPageHtml(lang: string, title: string, view: LinkPageView): string {
  const body =
    view.kind === 'ask'
      ? `<p>${escapeHtml(view.question)}</p>
  <dl><dt>${escapeHtml(view.nameLabel)}</dt><dd>${escapeHtml(view.name)}</dd></dl>
  <form method="post" action="${escapeHtml(view.action)}">
    <input type="hidden" name="token" value="${escapeHtml(view.token)}">
    <button type="submit"${view.danger ? ' class="danger"' : ''}>${escapeHtml(view.button)}</button>
  </form>`
      : view.kind === 'done'
        ? `<p role="status">${escapeHtml(view.text)}</p>`
        : `<p role="alert">${escapeHtml(view.text)}</p>`
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
  main { max-width: 32rem; margin: 4rem auto; padding: 0 1rem; }
  dt { font-weight: 600; }
  dd { margin: 0 0 1rem; overflow-wrap: anywhere; }
  button { font: inherit; padding: .6rem 1.2rem; border-radius: .4rem; border: 1px solid #1d4ed8; background: #1d4ed8; color: #fff; cursor: pointer; }
  button.danger { border-color: #b42318; background: #b42318; }
  button:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <h1>${escapeHtml(title)}</h1>
  ${body}
</main>
</body>
</html>
`
}

/** A link page cannot be framed, fetches nothing, sends no Referer (the URL holds the secret) and is never cached. */
export const LINK_PAGE_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
} as const

/** Answers a request with a link page and its headers. */
export function sendLinkPage(
  ctx: { set(h: Record<string, string>): void; status: number; type: string; body: unknown },
  status: number,
  page: { lang: string; title: string; view: LinkPageView },
): void {
  ctx.set({ ...LINK_PAGE_HEADERS })
  ctx.status = status
  ctx.type = 'text/html; charset=utf-8'
  ctx.body = linkPageHtml(page.lang, page.title, page.view)
}

/**
 * Answers 404 with the page of a link that is unknown or already used, in the language the
 * browser asks for (there is no registration to take one from); `words` picks the page's title and
 * sentence from that language's messages.
 */
export function sendInvalidLinkPage(
  ctx: Parameters<typeof sendLinkPage>[0] & { acceptsLanguages(): string[] },
  words: (t: MailMessages) => { title: string; text: string },
): void {
  const t = mailMessagesOf(ctx.acceptsLanguages()[0])
  const { title, text } = words(t)
  sendLinkPage(ctx, 404, { lang: t.lang, title, view: { kind: 'refused', text } })
}
