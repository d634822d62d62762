/**
 * The privacy notice's sections, in order (docs/content.md, "What each page carries"): each is an h2
 * whose id is its anchor (`/privacy#rights`, `/ar/privacy#rights`) and whose title is the message
 * `privacy.<id>.title`. Both languages have the same ids (tests/dist/privacy.test.ts).
 */
export const privacySections = ['who', 'collect', 'storage', 'recipients', 'retention', 'rights', 'changes'] as const
