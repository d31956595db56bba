// Builds what the embed server serves from widgets/dist/:
//   chunks/  one content-hashed ES module per element, Lit in one shared chunk, and our shared
//            code split by the set of elements that import it (what all six share, the dialog
//            the lists share, …), so that a page evaluates none of another element's code;
//   loader.js  the classic script that imports them, compiled with the chunk map inlined;
//   custom-elements.json  the manifest the demo page reads;
// and dist-server/, the first screens the embed server draws (not served).
// Usage: node scripts/build.mjs [--lib] (--lib also compiles lib/ for npm users with tsc).
import { spawn } from 'node:child_process'
import { mkdir, readFile, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, runnerImport } from 'vite'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'dist')
const serverDist = join(root, 'dist-server')
const require = createRequire(import.meta.url)

/**
 * Every element of the manifest (`src/elements.ts`), in its order (the order of the chunk map in
 * the loader): tag → its entry module (`entryOf`: `src/components/<name>/<name>.ts`) and what the
 * loader needs of it (`loaderFacts`).
 */
export async function readManifest() {
  const load = async (file) => (await runnerImport(join(root, file), { configFile: false, root, logLevel: 'warn' })).module
  const [{ ELEMENTS, WIDGET_TAGS }, { entryOf, loaderFacts }] = await Promise.all([
    load('src/elements.ts'),
    load('src/element-manifest.ts'),
  ])
  return {
    entries: Object.fromEntries(WIDGET_TAGS.map((tag) => [tag, `src/${entryOf(tag)}`])),
    facts: Object.fromEntries(WIDGET_TAGS.map((tag) => [tag, loaderFacts(ELEMENTS[tag])])),
  }
}

/**
 * Collapses the CSS in `css\`…\`` literals of `*.styles.ts` files: comments and indentation go,
 * as do spaces after `:` and around `{`, `}`, `;`, `,` and `>`. Spaces before `:` stay (they
 * are descendant combinators, as in `.field__control :focus-visible`); literals with `${…}`
 * are left alone.
 */
export function minifyCssLiterals() {
  return {
    name: 'minify-css-literals',
    transform(code, id) {
      if (!/\.styles\.ts$/.test(id)) return null
      return code.replace(/\bcss`([^`]*)`/g, (whole, body) =>
        body.includes('${')
          ? whole
          : `css\`${body
              .replace(/\/\*[\s\S]*?\*\//g, '')
              .replace(/\s+/g, ' ')
              .replace(/\s*([{};,>])\s*/g, '$1')
              .replace(/:\s+/g, ':')
              .replace(/;}/g, '}')
              .trim()}\``,
      )
    },
  }
}

// Explicit production mode: Vite otherwise follows NODE_ENV of the calling process, and a caller
// with NODE_ENV=development (a dev server, a test runner) would ship Lit's dev build.
const quiet = {
  logLevel: 'warn',
  configFile: false,
  root,
  mode: 'production',
  resolve: { conditions: ['production', 'module', 'browser', 'default'] },
}

/**
 * Our modules that `entry` imports statically, directly or through others (type-only imports
 * aside), as absolute paths: read from the sources' import lines, as they are written here
 * (relative specifiers ending in `.js` for `.ts` files).
 */
export async function staticImports(entry) {
  const seen = new Set()
  const walk = async (file) => {
    if (seen.has(file)) return
    seen.add(file)
    const code = await readFile(file, 'utf8')
    const specifiers = [
      ...[...code.matchAll(/^(?:import|export)\s+(type\s+)?[^;'"]*?\bfrom\s+'(\.{1,2}\/[^']+)'/gm)].filter((m) => !m[1]).map((m) => m[2]),
      ...[...code.matchAll(/^import\s+'(\.{1,2}\/[^']+)'/gm)].map((m) => m[1]),
    ]
    for (const specifier of specifiers) await walk(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')))
  }
  await walk(resolve(root, entry))
  return seen
}

async function buildChunks(elements) {
  // The form needs the least of our code: what it imports outside its own folder is what every
  // page loads (the base element, the API client, English, the theme, the error box, events).
  const base = new Set([...(await staticImports(elements['service-registration']))].filter((f) => !f.includes(`${sep}components${sep}`)))
  await build({
    ...quiet,
    plugins: [minifyCssLiterals()],
    build: {
      outDir: dist,
      emptyOutDir: true,
      manifest: 'chunks-manifest.json',
      target: 'es2022',
      modulePreload: false,
      reportCompressedSize: false,
      rolldownOptions: {
        input: Object.fromEntries(Object.entries(elements).map(([tag, file]) => [tag.replace('service-', ''), file])),
        preserveEntrySignatures: 'exports-only',
        output: {
          entryFileNames: 'chunks/[name]-[hash].js',
          chunkFileNames: 'chunks/[name]-[hash].js',
          codeSplitting: {
            groups: [
              // Lit in one chunk; our own code in the three groups below and, for the rest, split
              // by Rolldown by the elements that import it: one chunk per element, and what is
              // imported on demand (the languages other than English, the dialog's inside, the
              // live client, the feed panel) in chunks of its own.
              { name: 'lit', test: /node_modules[\\/](lit|lit-html|lit-element|@lit)[\\/]/, priority: 4 },
              // What every page loads (see `base` above): one chunk.
              { name: 'shared', test: (id) => base.has(id), priority: 3 },
              // What the elements that show sessions or speakers share (the dialog, times, the
              // calendar links, their styles): one chunk more, which the form does not load.
              // The dialog's inside and its speaker styles stay out, loaded on demand or with the
              // detail and the card; so does what a click loads (the feed panel).
              {
                name: 'sessions',
                test: /src[\\/](?:api|base|controllers|format|i18n|styles)[\\/](?!(?:detail-views|session-templates|speaker-templates|rich-text|links|speaker\.styles)\.ts$)/,
                minShareCount: 2,
                tags: ['$initial'],
                priority: 2,
              },
              // What the dialog's inside, the detail and the card share (the session and speaker
              // views, the abstracts' and bios' text, links, the speaker styles): one chunk, so
              // that the detail's and the card's pages import five files, not seven.
              {
                name: 'details',
                test: /src[\\/](?:base[\\/](?:session|speaker)-templates|format[\\/](?:rich-text|links)|styles[\\/]speaker\.styles)\.ts$/,
                priority: 1,
              },
            ],
          },
        },
      },
    },
  })
}

/** Reads Vite's manifest into the loader's compact map: files once, tags as index lists. */
async function chunkMap(elements) {
  const manifest = JSON.parse(await readFile(join(dist, 'chunks-manifest.json'), 'utf8'))
  const files = []
  const index = (file) => (files.includes(file) ? files.indexOf(file) : files.push(file) - 1)
  const tags = {}
  for (const [tag, src] of Object.entries(elements)) {
    const entry = manifest[src]
    if (!entry) throw new Error(`no chunk for ${tag} (${src}) in the Vite manifest`)
    const deps = []
    const walk = (key) => {
      for (const dep of manifest[key]?.imports ?? []) {
        if (!deps.includes(manifest[dep].file)) deps.push(manifest[dep].file)
        walk(dep)
      }
    }
    walk(src)
    tags[tag] = [...deps, entry.file].map(index)
  }
  return { files, tags }
}

async function buildLoader({ files, tags }, facts) {
  await build({
    ...quiet,
    define: { __FILES__: JSON.stringify(files), __TAGS__: JSON.stringify(tags), __ELEMENTS__: JSON.stringify(facts) },
    build: {
      outDir: dist,
      emptyOutDir: false,
      target: 'es2020',
      reportCompressedSize: false,
      lib: { entry: join(root, 'src/loader.ts'), formats: ['iife'], name: 'serviceWidgetsLoader', fileName: () => 'loader.js' },
    },
  })
}

/**
 * The first screens the embed server draws (`src/first-screen/`), for Node: our code with the
 * same CSS as the chunks, Lit and its server renderer imported from node_modules. Kept out of
 * dist/, which the embed server serves to browsers.
 */
function serverBuild() {
  return build({
    ...quiet,
    resolve: {},
    plugins: [minifyCssLiterals()],
    build: {
      ssr: true,
      outDir: serverDist,
      emptyOutDir: true,
      target: 'node20',
      reportCompressedSize: false,
      rolldownOptions: {
        // The renderer, and the lists of what it draws for the compiled embed server's routes.
        input: {
          'first-screen': join(root, 'src/first-screen/render-first-screen.ts'),
          'first-screens': join(root, 'src/first-screen/first-screens.ts'),
          // Day keys of instants, which the servers bucket sessions by exactly as the widgets do.
          datetime: join(root, 'src/format/datetime.ts'),
          // The identifiers' shapes, which the embed server checks its path ids against.
          identifiers: join(root, 'src/identifiers.ts'),
          // Abstracts as plain text for the calendar files, read by the widgets' own parser.
          'rich-text': join(root, 'src/format/rich-text.ts'),
        },
        output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  })
}

function run(cmd, args) {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [cmd, ...args], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] })
    child.on('exit', (code) => (code === 0 ? ok() : fail(new Error(`${cmd} exited with ${code}`))))
  })
}

function manifestBuild() {
  const cli = join(dirname(require.resolve('@custom-elements-manifest/analyzer/package.json')), 'cem.js')
  return run(cli, ['analyze', '--litelement', '--quiet', '--outdir', 'dist'])
}

function libBuild() {
  const tsc = require.resolve('typescript/bin/tsc')
  return rm(join(root, 'lib'), { recursive: true, force: true }).then(() => run(tsc, ['-p', 'tsconfig.lib.json']))
}

/** Builds dist/ (and lib/ when asked). Idempotent: the same sources give the same files. */
export async function buildWidgets({ lib = false } = {}) {
  await mkdir(dist, { recursive: true })
  const libDone = lib ? libBuild() : Promise.resolve()
  const { entries, facts } = await readManifest()
  await buildChunks(entries)
  await Promise.all([buildLoader(await chunkMap(entries), facts), manifestBuild(), serverBuild(), libDone])
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now()
  await buildWidgets({ lib: process.argv.includes('--lib') })
  console.log(`widgets built in ${((Date.now() - started) / 1000).toFixed(1)}s`)
}
