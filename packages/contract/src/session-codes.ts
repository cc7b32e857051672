// Apart from the catalogue (codes.ts): every page's HTTP client needs these two, and importing the
// catalogue itself would put every area's messages into the storefront's first load.

/** Session-ended codes per area and forbidden. */
export const SessionCodes = { admin: -1, user: -2, other: -3, forbidden: 403 } as const;
export const SUCCESS_CODE = 1000;
