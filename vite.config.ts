import react from '@vitejs/plugin-react'
import UnoCSS from 'unocss/vite'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { noIcuParser } from './build/noIcuParser'
import { runtimeMessages } from './build/runtimeMessages'

// How often an open tab asks builds/latest.json for a newer build (default 1 hour).
const updateInterval = Number(process.env.UPDATE_CHECK_INTERVAL_MS) || 60 * 60 * 1000

export default defineConfig({
  plugins: [UnoCSS(), vike(), react(), noIcuParser(), runtimeMessages()],
  // Nothing that changes from build to build is compiled into the assets: the build id is read
  // from the page (<meta name="build-id">), so the same commit gives the same dist/assets/.
  define: { __UPDATE_CHECK_INTERVAL__: String(updateInterval) },
  // Vike's raw output; build/postbuild.ts turns it into dist/, the folder uploaded to S3.
  build: { outDir: '.vike', sourcemap: process.env.SOURCEMAP === '1' },
})
