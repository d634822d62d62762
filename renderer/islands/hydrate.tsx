// Loaded by the runtime with the first island of a page: React, react-dom and react-intl, in
// chunks that every island shares and the browser caches.
import { type ComponentType, startTransition } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import type { IslandData } from '../shared/dom'
import { IslandRoot } from './IslandRoot'

/**
 * Hydrates one island's prerendered HTML; a mismatch is reported as a console error. As a
 * transition, React hydrates in slices of a few milliseconds and yields to the browser between them
 * (as Next.js starts its pages): no long task while the checkout hydrates on a slow phone, and a
 * click meanwhile hydrates its own part first.
 */
export function hydrateIsland(root: Element, name: string, component: unknown, data: IslandData): Root {
  // The default export of a `*.island.tsx` file (renderer/islands/registry.ts).
  const Component = component as ComponentType<never>
  let hydrated: Root | undefined
  startTransition(() => {
    hydrated = hydrateRoot(root, <IslandRoot Component={Component} data={data} />, {
      identifierPrefix: `${name}-`,
      onRecoverableError: (error) => console.error(`[rasid] Hydration mismatch in island ${name}:`, error),
    })
  })
  return hydrated!
}
