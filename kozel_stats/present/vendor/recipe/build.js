const esbuild = require('esbuild');
const InlineCSSPlugin = require('esbuild-plugin-inline-css');
const { environmentPlugin } = require('esbuild-plugin-environment');
esbuild.build({
  entryPoints: ['entry.js'], format: 'iife', globalName: 'Plotly', bundle: true, minify: true,
  plugins: [InlineCSSPlugin(), environmentPlugin({ NODE_DEBUG: false })],
  alias: { stream: 'stream-browserify' },
  define: { global: 'window', 'define.amd': 'false' }, target: 'es2016', legalComments: 'eof',
  outfile: 'plotly-kozel.min.js', logLevel: 'info',
}).catch(() => process.exit(1));
