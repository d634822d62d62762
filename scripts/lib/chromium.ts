// How every tool here starts Chromium (the browser tests, the benchmark): Debian's build, since
// Playwright's own browser download is not reachable, with the flags that keep it off the network.
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const chromiumArgs = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
