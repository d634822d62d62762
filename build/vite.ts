// The site's Vite config less Vike's plugin. vite.config.ts adds the plugin for `vike dev`; the build
// (build/index.ts) hands this to Vike's API, which adds its plugin itself. Calling `vike()` looks
// the config file up (Vike resolves its settings early), and that costs the build a second load of
// vite.config.ts.
import react from '@vitejs/plugin-react'
import type { Plugin, PluginOption, UserConfig } from 'vite'
import { eagerFactoriesPlugin } from './eagerFactories'
import { islandChunksPlugin } from './islandChunks'
import { noIcuParser } from './noIcuParser'
import { runtimeConfigFromEnv } from './runtimeConfig'
import { runtimeMessages } from './runtimeMessages'

// How often an open tab asks builds/latest.json for a newer build (default 1 hour).
const updateInterval = Number(process.env.UPDATE_CHECK_INTERVAL_MS) || 60 * 60 * 1000

/**
 * The stylesheet: in `vike dev`, UnoCSS's plugin serves `virtual:uno.css`; the build makes the one
 * stylesheet after the prerender (build/css.ts) and drops what Vite would emit for the import, so
 * there it is an empty module, and UnoCSS does not scan the modules twice (about 0.2 s).
 */
function stylesheet(command: 'serve' | 'build'): PluginOption {
  // The UnoCSS config is passed in, not looked up: UnoCSS would load uno.config.ts with a TypeScript
  // loader of its own (about 0.3 s). Imported only for `vike dev`: the build does not load UnoCSS here.
  if (command === 'serve')
    return Promise.all([import('unocss/vite'), import('../uno.config')]).then(
      ([{ default: UnoCSS }, { default: config }]) => UnoCSS({ ...config, configFile: false }),
    )
  const id = '\0virtual:uno.css'
  const plugin: Plugin = {
    name: 'rasid:uno-css-from-post-build',
    resolveId: (source) => (source === 'virtual:uno.css' ? id : undefined),
    load: (loaded) => (loaded === id ? '' : undefined),
  }
  return plugin
}

/** The site's Vite config, less Vike's plugin, for `vike dev` (`serve`) or the build. */
export const viteConfig = (command: 'serve' | 'build') =>
  ({
    plugins: [
      stylesheet(command),
      react(),
      noIcuParser(),
      runtimeMessages(),
      eagerFactoriesPlugin(),
      islandChunksPlugin(),
    ],
    // Nothing that changes from build to build is compiled into the assets: the build id is read
    // from the page (<meta name="build-id">), so the same commit gives the same dist/assets/.
    define: {
      __UPDATE_CHECK_INTERVAL__: String(updateInterval),
      // runtime-config.json's fallback in the browser (api/client/runtimeConfig.ts): the same defaults the build writes.
      __RUNTIME_CONFIG_DEFAULTS__: JSON.stringify(runtimeConfigFromEnv(process.env)),
    },
    // Vike's raw output; build/postbuild.ts turns it into dist/, the folder uploaded to S3. No gzip
    // sizes in the log: `npm run bench` measures what is served.
    build: { outDir: '.vike', sourcemap: process.env.SOURCEMAP === '1', reportCompressedSize: false },
  }) satisfies UserConfig
