// The API's version: OpenAPI's info.version and GET /api/v1/health's `version`. Raise it with
// every change of the contract (additive changes only under /api/v1).
export const apiVersion = '1.1.0'
