// Light or dark: Web Awesome's `wa-dark` class on <html>. A saved choice wins, else the system's.

const STORAGE_KEY = 'console.theme'
export type Theme = 'light' | 'dark'

export function savedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY)
    return value === 'dark' || value === 'light' ? value : null
  } catch {
    return null
  }
}

/** The theme in effect now. */
export function currentTheme(): Theme {
  return document.documentElement.classList.contains('wa-dark') ? 'dark' : 'light'
}

/** Applies a theme (and remembers it when `save`). */
export function applyTheme(theme: Theme, save = false): void {
  document.documentElement.classList.toggle('wa-dark', theme === 'dark')
  document.documentElement.classList.toggle('wa-light', theme === 'light')
  if (!save) return
  try {
    localStorage.setItem(STORAGE_KEY, theme)
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

/** The theme at start: the saved one, else the system's preference. */
export function initialTheme(): Theme {
  return savedTheme() ?? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light')
}
