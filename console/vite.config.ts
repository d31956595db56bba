import { defineConfig } from 'vite'
import { consoleIcons } from './vite-plugin-icons.ts'
import { consoleInputs } from './vite-plugin-inputs.ts'

// The admin server serves dist/ at /console/ under `script-src 'self'`: every script must be a
// file, so nothing may be inlined (the modulepreload polyfill would be an inline script).
export default defineConfig({
  base: '/console/',
  plugins: [consoleIcons(), consoleInputs()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: true,
  },
  // `npm run dev -w console` proxies the API to an admin server started with ADMIN_PORT (default 3000).
  server: {
    proxy: { '/v1': `http://127.0.0.1:${process.env.ADMIN_PORT ?? 3000}` },
  },
})
