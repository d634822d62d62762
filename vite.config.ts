import react from '@vitejs/plugin-react'
import UnoCSS from 'unocss/vite'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { noIcuParser } from './build/noIcuParser'
import { runtimeConfigFromEnv } from './build/runtimeConfig'
import { runtimeMessages } from './build/runtimeMessages'

// How often an open tab asks builds/latest.json for a newer build (default 1 hour).
const updateInterval = Number(process.env.UPDATE_CHECK_INTERVAL_MS) || 60 * 60 * 1000

export default defineConfig({
  plugins: [UnoCSS(), vike(), react(), noIcuParser(), runtimeMessages()],
  // Nothing that changes from build to build is compiled into the assets: the build id is read
  // from the page (<meta name="build-id">), so the same commit gives the same dist/assets/.
  define: {
    __UPDATE_CHECK_INTERVAL__: String(updateInterval),
    // runtime-config.json's fallback in the browser (api/client/runtimeConfig.ts): the same defaults the build writes.
    __RUNTIME_CONFIG_DEFAULTS__: JSON.stringify(runtimeConfigFromEnv(process.env)),
  },
  // Vike's raw output; build/postbuild.ts turns it into dist/, the folder uploaded to S3.
  build: { outDir: '.vike', sourcemap: process.env.SOURCEMAP === '1' },
})
