// The CSV export: `GET /v1/registrations` with `Accept: text/csv`, fetched (the session cookie goes
// with a same-origin fetch; a plain link could not show an error in the console) and handed to the
// browser as a file.
import { ApiProblem, apiUrl } from '../api/client.ts'

/**
 * The file name of a `Content-Disposition` answer, or `fallback`.
 *
 * @example
 * fileNameOf('attachment; filename="registrations-42.csv"', 'x.csv') // 'registrations-42.csv'
 */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const name = disposition ? /filename="?([^";]+)"?/i.exec(disposition)?.[1] : undefined
  // Only a plain file name: no path from the header reaches the download attribute.
  return name && !/[/\\]/.test(name) ? name : fallback
}

/** Downloads every registration that matches `query` (the list's filters) as CSV. */
export async function downloadRegistrationsCsv(query: Record<string, string | undefined>): Promise<void> {
  let response: Response
  try {
    response = await fetch(apiUrl('/registrations', query), { headers: { accept: 'text/csv' }, credentials: 'same-origin' })
  } catch {
    throw new ApiProblem(0, 'NETWORK_ERROR', 'The server could not be reached.')
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as { error?: { code: string; message: string } } | undefined
    throw new ApiProblem(response.status, body?.error?.code ?? `HTTP_${response.status}`, body?.error?.message ?? response.statusText)
  }
  let blob: Blob
  try {
    blob = await response.blob()
  } catch {
    // The export is streamed: a row that cannot be written ends it with an error, not a short file.
    throw new ApiProblem(0, 'EXPORT_INTERRUPTED', 'The export stopped before its end.')
  }
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileNameOf(response.headers.get('content-disposition'), `registrations-${query.event_id ?? 'export'}.csv`)
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked after the click has been handled: the download has its own copy by then.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
