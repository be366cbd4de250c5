import type { Plugin } from 'vite';

/**
 * Preloads the typeface's file from every built page (issue 20 item 2): the Latin subset of
 * Inter's variable font, every weight in one file, so the text swaps to Inter early and once.
 * The file's hashed name is known only in the bundle, hence a plugin rather than a tag in
 * index.html. The dev server loads it through the stylesheet as usual.
 */
export function preloadFont(fileStem = 'inter-latin-wght-normal'): Plugin {
  return {
    name: 'sunin-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const font = Object.values(context.bundle ?? {}).find((file) => file.type === 'asset' && file.fileName.includes(fileStem) && file.fileName.endsWith('.woff2'));
        if (!font) return [];
        return [{ tag: 'link', attrs: { rel: 'preload', href: `/${font.fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' }];
      },
    },
  };
}
