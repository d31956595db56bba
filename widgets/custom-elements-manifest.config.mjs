// Manifest of the public elements (read by the demo page and by IDEs).
export default {
  globs: ['src/components/**/*.ts', 'src/base/service-element.ts'],
  exclude: ['src/**/*.test.ts', 'src/**/*-model.ts', 'src/**/*-views.ts', 'src/**/*.styles.ts'],
  litelement: true,
  outdir: 'dist',
}
