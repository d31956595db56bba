/**
 * The data of a first screen the server draws (`first-screen/render-first-screen.ts`). The
 * server's render is synchronous, so the data is here only while it runs: each element created
 * in it starts its data task complete with this value instead of reading the API.
 */
let drawingWith: { data: unknown } | undefined

/** Runs `draw` (a synchronous server render) with `data` as the value of the data task of every element it creates. */
export function drawWith<T>(data: unknown, draw: () => T): T {
  drawingWith = { data }
  try {
    return draw()
  } finally {
    drawingWith = undefined
  }
}

/** The data of the server render under way, if any. */
export const serverDrawing = (): { data: unknown } | undefined => drawingWith
