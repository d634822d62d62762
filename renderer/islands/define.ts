import type { ComponentType } from 'react'
import type { IslandName } from './registry'

export interface IslandInfo {
  /** The key of the island in renderer/islands/registry.ts, which the browser loads it by. */
  name: IslandName
  /** Prefixes of the message ids the island uses (`design.preview.`): only those reach the page. */
  messages: readonly string[]
}

export type IslandComponent<P> = ComponentType<P> & { island: IslandInfo }

/** Marks a component as an island: `export default defineIsland('ThemePreview', ThemePreview, { messages: ['design.preview.'] })`. */
export function defineIsland<P>(
  name: IslandName,
  component: ComponentType<P>,
  options: { messages: readonly string[] },
): IslandComponent<P> {
  return Object.assign(component, { island: { name, messages: options.messages } })
}

/** What an island's `<script type="application/json">` holds. */
export interface IslandData<P = unknown> {
  locale: import('../../locales/locales').Locale
  props: P
  messages: Record<string, unknown>
}

/** JSON that is safe inside a <script> element: no `<` can close the tag or open a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
