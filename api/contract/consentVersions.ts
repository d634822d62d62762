// The consent versions a contact form may send: those of locales/consent-versions.json, the
// archive of what each said (locales/consent.ts). Written by `npm run i18n:consent`; do not edit.
export const consentVersions = ['en-dd0469288314', 'ar-8ce1547c88be'] as const
