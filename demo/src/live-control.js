// The "change something" control: asks the demo server to move or cancel a demo session (as the
// demo account, through the admin API's own service) or to undo that. The widgets on the page
// learn of it from their live stream, not from this script.

/** Wires the control's buttons (`data-action`) to `POST /demo/change`, saying what happened in its status line. */
export function mountLiveControl(root) {
  const status = root.querySelector('[role=status]')
  const buttons = [...root.querySelectorAll('button[data-action]')]
  for (const button of buttons) {
    button.addEventListener('click', async () => {
      for (const b of buttons) b.disabled = true
      try {
        const res = await fetch('/demo/change', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ action: button.dataset.action }),
        })
        const body = await res.json()
        status.textContent = res.ok ? body.data.message : `Could not change the demo: ${body.error?.message ?? res.status}`
      } catch (error) {
        status.textContent = `Could not change the demo: ${error instanceof Error ? error.message : String(error)}`
      } finally {
        for (const b of buttons) b.disabled = false
      }
    })
  }
}
