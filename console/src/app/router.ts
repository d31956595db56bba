// History-API navigation: same-origin links under /console/ stay in the page, the back button
// works, and the shell draws whatever the address says (see console-app.ts).

/** Fired on window when the address changed (a link, navigate(), back or forward). */
export const NAVIGATE_EVENT = 'console-navigate'

/** Asked before a link click leaves the page; resolves whether to go (a form with unsaved changes asks). */
export type LeaveCheck = () => boolean | Promise<boolean>

let leaveCheck: LeaveCheck | undefined

/**
 * Lets a page hold back link clicks while it has unsaved changes; returns the function that
 * releases it (call it when the page goes). Reloading or closing the tab is the browser's
 * `beforeunload` to handle.
 *
 * @example
 * this.release = guardLeaving(() => (this.dirty ? confirmAction({…}) : true))
 */
export function guardLeaving(check: LeaveCheck): () => void {
  leaveCheck = check
  return () => {
    if (leaveCheck === check) leaveCheck = undefined
  }
}

/** Whether a click on this anchor is the console's to handle rather than the browser's. */
function isConsoleLink(anchor: HTMLAnchorElement, event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false
  if (anchor.hasAttribute('download') || (anchor.target && anchor.target !== '_self')) return false
  const url = new URL(anchor.href, location.href)
  return url.origin === location.origin && (url.pathname === '/console' || url.pathname.startsWith('/console/'))
}

/**
 * Goes to a console address without reloading.
 *
 * @example
 * navigate(`/console/events/${id}`)
 * navigate('/console/sign-in?next=…', { replace: true })
 */
export function navigate(path: string, { replace = false } = {}): void {
  if (path === location.pathname + location.search + location.hash) return
  if (replace) history.replaceState(null, '', path)
  else history.pushState(null, '', path)
  window.dispatchEvent(new Event(NAVIGATE_EVENT))
}

/** Starts intercepting link clicks (also inside shadow roots) and back/forward. Once, by the shell. */
export function startRouter(): void {
  document.addEventListener('click', (event) => {
    const anchor = event.composedPath().find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement && !!node.href)
    if (!anchor || !isConsoleLink(anchor, event)) return
    event.preventDefault()
    const url = new URL(anchor.href, location.href)
    const target = url.pathname + url.search + url.hash
    if (!leaveCheck) return navigate(target)
    void Promise.resolve(leaveCheck()).then((go) => {
      if (go) navigate(target)
    })
  })
  window.addEventListener('popstate', () => window.dispatchEvent(new Event(NAVIGATE_EVENT)))
}
