import react from '@vitejs/plugin-react'
import UnoCSS from 'unocss/vite'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { guidesPlugin } from './build/guidesPlugin'
import { noIcuParser } from './build/noIcuParser'

// Set per build by build/index.ts (BEHAVIOUR.md section 4); `vike dev` runs as build `dev`.
const buildId = process.env.BUILD_ID || 'dev'
// How often an open tab asks builds/latest.json for a newer build (default 1 hour).
const updateInterval = Number(process.env.UPDATE_CHECK_INTERVAL_MS) || 60 * 60 * 1000

export default defineConfig({
  plugins: [UnoCSS(), vike(), react(), guidesPlugin(), noIcuParser()],
  define: { __BUILD_ID__: JSON.stringify(buildId), __UPDATE_CHECK_INTERVAL__: String(updateInterval) },
  // Vike's raw output; build/postbuild.ts turns it into dist/, the folder uploaded to S3.
  build: { outDir: '.vike', sourcemap: process.env.SOURCEMAP === '1' },
})
