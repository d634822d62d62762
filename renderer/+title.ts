// https://vike.dev/title: applied in the HTML and again after each client-side navigation.
export { pageTitle as default } from './pageIntl'
