import type { MailMessages } from './registration-mail.messages.ts'

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string)

/** What the cancel page shows. */
export type CancelPageView =
  | { kind: 'confirm'; name: string; event: string; token: string }
  | { kind: 'cancelled'; event: string }
  | { kind: 'invalid' }

/**
 * The cancel page: a question with a button (opening the link changes nothing: mail scanners and
 * link previews open links too), then the outcome. Self-contained, no script, every text escaped.
 */
export function cancelPageHtml(t: MailMessages, view: CancelPageView, action: string): string {
  const body =
    view.kind === 'confirm'
      ? `<p>${escapeHtml(t.cancelQuestion(view.name, view.event))}</p>
  <form method="post" action="${escapeHtml(action)}">
    <input type="hidden" name="token" value="${escapeHtml(view.token)}">
    <button type="submit">${escapeHtml(t.cancelButton)}</button>
  </form>`
      : view.kind === 'cancelled'
        ? `<p role="status">${escapeHtml(t.cancelled(view.event))}</p>`
        : `<p role="alert">${escapeHtml(t.invalidLink)}</p>`
  return `<!doctype html>
<html lang="${t.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t.cancelTitle)}</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
  main { max-width: 32rem; margin: 4rem auto; padding: 0 1rem; }
  button { font: inherit; padding: .6rem 1.2rem; border-radius: .4rem; border: 1px solid #b42318; background: #b42318; color: #fff; cursor: pointer; }
  button:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <h1>${escapeHtml(t.cancelTitle)}</h1>
  ${body}
</main>
</body>
</html>
`
}
