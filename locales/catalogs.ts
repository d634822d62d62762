// The catalogs as the build reads them (Node): `locales/<code>.json` for every locale of the table.
// The page renderer gets the same files through renderer/+data.ts; the build checks them first
// (build/verifyCatalogs.ts), so a bad catalog fails the build with its file and the reason.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Locale, localeCodes } from './locales'

export type Catalog = Record<string, string>

/** `locales/ar.json`, relative to the project root. */
export function catalogFile(locale: Locale): string {
  return join('locales', `${locale}.json`)
}

const cache = new Map<Locale, Catalog>()

/** A locale's catalog, read once per process. */
export function loadCatalog(locale: Locale, root = process.cwd()): Catalog {
  let catalog = cache.get(locale)
  if (!catalog) {
    catalog = JSON.parse(readFileSync(join(root, catalogFile(locale)), 'utf8')) as Catalog
    cache.set(locale, catalog)
  }
  return catalog
}

export function loadCatalogs(root = process.cwd()): Record<Locale, Catalog> {
  return Object.fromEntries(localeCodes.map((l) => [l, loadCatalog(l, root)])) as Record<Locale, Catalog>
}
