// Panda generates this app's CSS from panda.config.ts into the @layer rules of src/index.css.
export default { plugins: { '@pandacss/dev/postcss': {} } };
