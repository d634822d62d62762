import { defineConfig } from 'vitest/config'
import { guidesPlugin } from './build/guidesPlugin'

export default defineConfig({
  plugins: [guidesPlugin()],
  // What vite.config.ts defines for the site, with a fixed build id.
  define: { __BUILD_ID__: JSON.stringify('test-build'), __UPDATE_CHECK_INTERVAL__: String(60 * 60 * 1000) },
  test: { include: ['tests/unit/**/*.test.ts'] },
})
