/** The system icons of Web Awesome as files of the build (see vite-plugin-icons.ts): `variant/name` → URL. */
declare module 'virtual:console-icons' {
  const urls: Record<string, string>
  export default urls
}
