// PostCSS plugin for micro-frontends: wraps the whole stylesheet in the `mfe` cascade layer, which
// the shell declares first (lowest priority). Panda gives the same atomic class names in every app, so
// a remote's stylesheet loaded after the shell's could otherwise beat the shell's responsive and
// longhand rules (a remote `.d_none` hiding the shell's sidebar). The shell's CSS already holds every
// class the micro-frontends used when it was built; a remote's own CSS only fills in newer ones.
export default function mfeLayer() {
  return {
    postcssPlugin: 'community-mfe-layer',
    OnceExit(root, { AtRule }) {
      if (root.nodes.length === 0) return;
      const layer = new AtRule({ name: 'layer', params: 'mfe' });
      layer.append(root.nodes);
      root.append(layer);
    },
  };
}
mfeLayer.postcss = true;
