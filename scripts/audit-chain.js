// Audits every evidence chain in the database DATABASE_URL names (default data/kestrel.db): each
// record's hash, its link to the one before and the sequence's gaps. Prints the totals and the
// first broken record of each chain. Usage: npm run audit-chain (after `npm run build`).
// Exit 0 when every chain holds, 1 on a break or when the audit cannot run.
const BUILD_PATH = "../build/server/index.js";

try {
  const app = await import(BUILD_PATH).catch((error) => {
    if (error?.code === "ERR_MODULE_NOT_FOUND") {
      console.error("No build found: run `npm run build` first.");
      process.exit(1);
    }
    throw error;
  });
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
} catch (error) {
  console.error(error instanceof Error && error.name === "EnvError" ? error.message : error);
  process.exit(1);
}
