// A privacy request (PDPA, PIPEDA, Thailand's PDPA): erases the personal data in one learner's
// evidence, in the database DATABASE_URL names. Their secret is destroyed; every record, hash and
// signature stays, so each chain still verifies, and /evidence/verify says when the data was
// erased. Usage: npm run erase-personal-data -- EMAIL (after `npm run build`).
// Exit 0 when erased (or erased before), 1 when no account has the address or it cannot run.
import { withBuiltApp } from "./built-app.js";

const [email, ...extra] = process.argv.slice(2);
if (!email || extra.length > 0) {
  console.error("Usage: npm run erase-personal-data -- EMAIL");
  process.exit(2);
}
await withBuiltApp(async (app) => {
  /** @type {string | null} */
  const erasedAt = await app.erasePersonalDataOf(email);
  if (!erasedAt) {
    console.error(`No account has the address ${email}`);
    process.exit(1);
  }
  console.log(`Personal data in the evidence of ${email} erased on ${erasedAt}`);
});
