// The visitor's pages and flows (./suite.ts) in Firefox ESR: Debian's firefox-esr over WebDriver BiDi.
import { engineSuite } from './suite'

engineSuite('firefox')
