// react-dom's start alone, the longest step of an island's loading: the runtime imports this module
// before the hydrator (renderer/client/islands.ts), so that it is a task of its own. A module of
// ours, not `import('react-dom/client')` in renderer/+client.ts: the CommonJS interop helper would
// then be part of the runtime that every page loads.
export { hydrateRoot } from 'react-dom/client'
