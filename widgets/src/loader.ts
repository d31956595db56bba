/**
 * The one script a site pastes (`<script async src=".../v1/loader.js">`). It stays a classic
 * script of under a kilobyte: it finds `service-*` elements, now and as they are added later, and
 * imports only the chunks those elements need, each element's chunk together with the shared
 * ones so they download in parallel rather than as a waterfall.
 *
 * The build replaces `__FILES__` (chunk paths relative to this script) and `__TAGS__` (tag →
 * indexes into `__FILES__`, shared chunks first).
 */
declare const __FILES__: string[];
declare const __TAGS__: Record<string, number[]>;

interface LoaderGlobal {
  serviceWidgets?: { base: string };
}

((w: Window & LoaderGlobal, d: Document) => {
  // Loaded twice (two snippets on one page): the first copy does the work.
  if (w.serviceWidgets) return;
  const script = d.currentScript as HTMLScriptElement | null;
  // Chunks and the embed API live beside this script, whatever origin or path it came from.
  const base = new URL('.', script?.src || location.href).href;
  w.serviceWidgets = { base };
  const files = __FILES__;
  const tags = __TAGS__;
  const pending = new Set(Object.keys(tags));
  const scan = () => {
    for (const tag of pending) {
      if (d.getElementsByTagName(tag).length) {
        pending.delete(tag);
        for (const i of tags[tag]!) import(base + files[i]).catch((e: unknown) => console.error(tag, e));
      }
    }
    if (!pending.size) observer.disconnect();
  };
  const observer = new MutationObserver(scan);
  observer.observe(d.documentElement, { childList: true, subtree: true });
  scan();
})(window, document);
