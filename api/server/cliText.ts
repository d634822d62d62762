// The words of the operator commands' shared helper (./cli.ts) and of `npm run api`'s commands are
// in the operators' catalog (locales/operator.ts: locales/operator/api.<lang>.json, flat ids,
// `{name}` arguments), with every other word the API writes for operators. `cliText` is its
// `operatorText` under the name the commands know. A command picks the language with `--lang ar`,
// its own variable (STATUS_LANG, DEPLOY_LANG) or RASID_LANG (docs/development.md, "The scripts").
export { type Bilingual, type Lang, operatorText as cliText } from '../../locales/operator'
