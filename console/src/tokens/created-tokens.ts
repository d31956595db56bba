// Token values this page was given when it created them. The API shows a token once; keeping it
// in memory (never in storage) lets the snippet builder use it until the tab is closed, after
// which the organiser pastes it again.
const values = new Map<string, string>()

export function rememberToken(id: string, token: string): void {
  values.set(id, token)
}

export function rememberedToken(id: string): string | undefined {
  return values.get(id)
}
