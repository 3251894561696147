// Audits every evidence chain in the database DATABASE_URL names (default data/kestrel.db): each
// record's hash, its link to the one before and the sequence's gaps. Prints the totals and the
// first broken record of each chain. Usage: npm run audit-chain (after `npm run build`).
// Exit 0 when every chain holds, 1 on a break or when the audit cannot run.
import { withBuiltApp } from "./built-app.js";

await withBuiltApp(async (app) => {
  /** @type {{ records: number, chains: number, breaks: { organisationId: number, sequence: number, problem: string, expected: string, found: string }[] }} */
  const { records, chains, breaks } = await app.auditEvidenceChains();
  console.log(`${records} records in ${chains} chains`);
  for (const broken of breaks) {
    console.log(
      `Organisation ${broken.organisationId}: record ${broken.sequence} is broken (${broken.problem}): expected ${broken.expected}, found ${broken.found}`,
    );
  }
  if (breaks.length > 0) {
    console.log(`${breaks.length} of ${chains} chains broken`);
    process.exit(1);
  }
  console.log("Every chain holds");
});
