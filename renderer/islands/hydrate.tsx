// Loaded by the runtime with the first island of a page: React, react-dom and react-intl, in
// chunks that every island shares and the browser caches.
import type { ComponentType } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import type { IslandData } from '../shared/dom'
import { IslandRoot } from './IslandRoot'

/** Hydrates one island's prerendered HTML; a mismatch is reported as a console error. */
export function hydrateIsland(root: Element, name: string, component: unknown, data: IslandData): Root {
  // The default export of a `*.island.tsx` file (renderer/islands/registry.ts).
  const Component = component as ComponentType<never>
  return hydrateRoot(root, <IslandRoot Component={Component} data={data} />, {
    identifierPrefix: `${name}-`,
    onRecoverableError: (error) => console.error(`[rasid] Hydration mismatch in island ${name}:`, error),
  })
}
