import { defineConfig } from 'vitest/config'
import { guidesPlugin } from './build/guidesPlugin'

export default defineConfig({
  plugins: [guidesPlugin()],
  test: { include: ['tests/unit/**/*.test.ts'] },
})
