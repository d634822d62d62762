export { default } from '../vike.config'
