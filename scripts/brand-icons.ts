// Writes the brand's icon files into public/ from the drawn mark (renderer/brand/marks.ts): the
// favicon (SVG) and the PNGs a phone and a web app manifest ask for. Run it after changing the mark:
// `npx tsx scripts/brand-icons.ts`; tests/unit/brand.test.ts fails while public/ holds other bytes.
import { writeFileSync } from 'node:fs'
import { brandIcons } from '../build/brandIcons'

for (const [file, bytes] of Object.entries(await brandIcons())) {
  writeFileSync(`public/${file}`, bytes)
  console.log(`public/${file}: ${bytes.length} B`)
}
