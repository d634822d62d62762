import { randomUUID } from 'node:crypto'
import react from '@vitejs/plugin-react'
import UnoCSS from 'unocss/vite'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { guidesPlugin } from './build/guidesPlugin'
import { noIcuParser } from './build/noIcuParser'

// One id per build, shared by the client bundle and the manifests (BEHAVIOUR.md section 4).
process.env.BUILD_ID ??= randomUUID()

export default defineConfig({
  plugins: [UnoCSS(), vike(), react(), guidesPlugin(), noIcuParser()],
  define: { __BUILD_ID__: JSON.stringify(process.env.BUILD_ID) },
  // Vike's raw output; build/postbuild.ts turns it into dist/, the folder uploaded to S3.
  build: { outDir: '.vike', sourcemap: process.env.SOURCEMAP === '1' },
})
