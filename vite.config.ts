// The config `vike dev` reads: the site's (build/vite.ts) with Vike's plugin.
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { viteConfig } from './build/vite'

export default defineConfig(({ command }) => {
  const site = viteConfig(command)
  return { ...site, plugins: [...site.plugins, vike()] }
})
