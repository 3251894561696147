import { z } from "zod";

// zod compiles object validators with `new Function` when it may; in the browser our policy forbids
// evaluating code, and even zod's probe for it is reported as a CSP violation. Every module takes zod
// from here, so this runs before any schema is built (zod decides when a schema is constructed).
// The server keeps the compiled validators, which are faster.
z.config({ jitless: !import.meta.env.SSR });

export { z };
