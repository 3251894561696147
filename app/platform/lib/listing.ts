// The limits of a staff list's search, shared by its form (in the browser) and its query.

/** The longest search text a staff list accepts. */
export const ADMIN_SEARCH_MAX_LENGTH = 200;
