// The console's entry: Web Awesome's styles once for the whole page, the icon setup that keeps
// components offline, its German texts, then the boot (session, theme, language) and the shell.
// Static imports, in this order: the build lists every chunk of the shell in the page, so the
// browser fetches them at once rather than one after another.
import '@awesome.me/webawesome/dist/styles/webawesome.css'
import './main.css'
import './ui/icons.ts'
// Web Awesome's own texts (a dialog's close button) in German when the page is German.
import '@awesome.me/webawesome/dist/translations/de.js'
import './app/boot.ts'
import './app/console-app.ts'
