// `manifest`: builds/latest.json and builds/meta/<id>.json agree with each other and with the pages.
import { htmlOfPath, pathOfHtml } from '../../../renderer/shared/paths'
import { type Build, isRecord, readJson, type Report, show } from './built'

/** builds/latest.json names a build whose meta lists exactly the pages, and every page carries its id. */
export function checkManifest(build: Build, report: Report) {
  const latestFile = 'builds/latest.json'
  const latest = readJson(build, latestFile)
  if ('error' in latest) return report(latestFile, `${latest.error}: nothing says which build this is`)
  const { id, timestamp } = isRecord(latest.value) ? latest.value : ({} as Record<string, unknown>)
  if (typeof timestamp !== 'number') report(latestFile, `"timestamp" is ${show(timestamp)}, expected a number`)
  if (typeof id !== 'string' || !id) return report(latestFile, `"id" is ${show(id)}, expected the build id`)
  const metaFile = `builds/meta/${id}.json`
  const meta = readJson(build, metaFile)
  if ('error' in meta) {
    report(
      build.files.has(metaFile) ? metaFile : latestFile,
      build.files.has(metaFile) ? meta.error : `names build "${id}", but there is no ${metaFile}`,
    )
  } else {
    const m = isRecord(meta.value) ? meta.value : {}
    if (m.id !== id) report(metaFile, `"id" is ${show(m.id)}, expected "${id}" as in ${latestFile}`)
    if (m.timestamp !== timestamp)
      report(metaFile, `"timestamp" is ${show(m.timestamp)}, expected ${show(timestamp)} as in ${latestFile}`)
    if (!Array.isArray(m.prerendered))
      report(metaFile, `"prerendered" is ${show(m.prerendered)}, expected the list of pages`)
    else {
      const pages = new Set(build.pages.map(pathOfHtml))
      for (const path of m.prerendered)
        if (!pages.has(path))
          report(
            metaFile,
            `lists ${show(path)} as prerendered, but there is no such page (${htmlOfPath(String(path))})`,
          )
      for (const page of build.pages)
        if (!m.prerendered.includes(pathOfHtml(page)))
          report(metaFile, `does not list ${pathOfHtml(page)} (${page}) as prerendered`)
    }
  }
  for (const [file, page] of build.html) {
    const ids = page.tags.filter((t) => t.name === 'meta' && t.attrs.name === 'build-id').map((t) => t.attrs.content)
    if (ids.length !== 1) report(file, `has ${ids.length} <meta name="build-id">, expected one with "${id}"`)
    else if (ids[0] !== id)
      report(file, `<meta name="build-id"> is ${show(ids[0])}, expected "${id}" as in ${latestFile}`)
  }
}
