// https://vike.dev/description
export { pageDescription as default } from './pageIntl'
