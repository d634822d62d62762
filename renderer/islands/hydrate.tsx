// Loaded by the runtime with the first island of a page: React, react-dom and react-intl, in
// chunks that every island shares and the browser caches.
import type { ComponentType } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import type { IslandData } from '../shared/dom'
import { IslandRoot } from './IslandRoot'

/** Hydrates one island's prerendered HTML; a mismatch is reported as a console error. */
export function hydrateIsland(root: Element, name: string, Component: ComponentType<any>, data: IslandData): Root {
  return hydrateRoot(root, <IslandRoot Component={Component} data={data} />, {
    identifierPrefix: `${name}-`,
    onRecoverableError: (error) => console.error(`[rasid] Hydration mismatch in island ${name}:`, error),
  })
}
