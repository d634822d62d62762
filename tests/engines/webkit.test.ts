// The visitor's pages and flows (./suite.ts) in WebKit, the engine of every browser on an iPhone:
// Debian's WebKitGTK through WebKitWebDriver, on a virtual display.
import { engineSuite } from './suite'

engineSuite('webkit')
