// Modules made by build/ plugins.
declare module 'virtual:guide-slugs' {
  export const guideSlugs: string[]
}
