// The console's entry: the session asked for first (it overlaps the downloads), Web Awesome's
// styles once for the whole page, the icon setup that keeps components offline, the saved theme
// and language, then the shell.
import '@awesome.me/webawesome/dist/styles/webawesome.css'
import './main.css'
import './ui/icons.ts'
// Web Awesome's own texts (a dialog's close button) in German when the page is German.
import '@awesome.me/webawesome/dist/translations/de.js'
import { loadSessionEarly } from './app/session.ts'
import { applyTheme, initialTheme } from './app/theme.ts'
import { language } from './i18n/index.ts'

loadSessionEarly()
applyTheme(initialTheme())
document.documentElement.lang = language()
await import('./app/console-app.ts')
