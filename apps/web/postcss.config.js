import { fileURLToPath } from 'node:url';
import postcssGlobalData from '@csstools/postcss-global-data';
import postcssCustomMedia from 'postcss-custom-media';

// Breakpoints are custom media queries defined once in tokens.css; every stylesheet sees them.
export default {
  plugins: [postcssGlobalData({ files: [fileURLToPath(new URL('./src/styles/tokens.css', import.meta.url))] }), postcssCustomMedia()],
};
