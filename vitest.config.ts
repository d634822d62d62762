import { defineConfig } from 'vitest/config'
import { runtimeMessages } from './build/runtimeMessages'

export default defineConfig({
  plugins: [runtimeMessages()],
  // What vite.config.ts defines for the site.
  define: { __UPDATE_CHECK_INTERVAL__: String(60 * 60 * 1000) },
  test: { include: ['tests/unit/**/*.test.ts'] },
})
