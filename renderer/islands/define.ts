import type { ComponentType } from 'react'

interface IslandInfo {
  /** The island's file name without `.island.tsx`, which the browser loads it by (renderer/islands/registry.ts). */
  name: string
  /** Prefixes of the message ids the island uses (`design.preview.`): only those reach the page. */
  messages: readonly string[]
}

export type IslandComponent<P> = ComponentType<P> & { island: IslandInfo }

/** Marks a component as an island: `export default defineIsland('ThemePreview', ThemePreview, { messages: ['design.preview.'] })`. */
export function defineIsland<P>(
  name: string,
  component: ComponentType<P>,
  options: { messages: readonly string[] },
): IslandComponent<P> {
  return Object.assign(component, { island: { name, messages: options.messages } })
}

/** JSON that is safe inside a <script> element: no `<` can close the tag or open a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
