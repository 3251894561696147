import path from "node:path";
import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { describe, it } from "vitest";
import kestrel from "./kestrel-plugin.js";

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const at = (file) => path.join(process.cwd(), file);

tester.run("boundaries", kestrel.rules.boundaries, {
  valid: [
    {
      filename: at("app/routes/kestrel.tsx"),
      code: 'import { submitWaitlist } from "~/features/waitlist/index.server";',
    },
    {
      filename: at("app/features/mail/mail.server.ts"),
      code: 'import type { OutboxTable } from "~/db/schema";',
    },
    {
      filename: at("app/lib/rate-limit.server.ts"),
      code: 'import { getDb } from "~/db/db.server";',
    },
    { filename: at("app/db/db.server.ts"), code: 'import { migrations } from "./migrations";' },
    { filename: at("server/app.ts"), code: 'import { getDb } from "~/db/db.server";' },
    { filename: at("scripts/seed.ts"), code: 'import { getDb } from "../app/db/db.server";' },
    { filename: at("tests/integration/auth.ts"), code: 'import { getDb } from "~/db/db.server";' },
    {
      filename: at("app/routes/api.waitlist.integration.test.ts"),
      code: 'import { getDb } from "~/db/db.server";',
    },
    {
      filename: at("app/root.tsx"),
      code: 'import { getTheme } from "./features/shell/theme.server";',
    },
    {
      filename: at("app/features/analytics/events.server.ts"),
      code: 'import { getDb } from "~/db/db.server";',
    },
    { filename: at("app/features/shell/header.tsx"), code: 'import { Footer } from "./footer";' },
    {
      filename: at("app/features/training/home.tsx"),
      code: 'import { something } from "~/features/shell";',
    },
    { filename: at("app/ui/button.tsx"), code: 'import { Link } from "react-router";' },
    {
      filename: at("app/features/admin/allowlist-form.tsx"),
      code: 'import { AllowlistEntrySchema } from "~/features/auth/forms";',
    },
  ],
  invalid: [
    {
      filename: at("app/features/shell/header.tsx"),
      code: 'import { getTheme } from "./theme.server";',
      errors: [{ messageId: "serverImport" }],
    },
    {
      filename: at("app/features/training/home.tsx"),
      code: 'import { Header } from "~/features/shell/header";',
      errors: [{ messageId: "featureInternals" }],
    },
    {
      filename: at("app/features/training/home.tsx"),
      code: 'const m = import("../shell/header");',
      errors: [{ messageId: "featureInternals" }],
    },
    {
      filename: at("app/lib/helper.ts"),
      code: 'import { Header } from "~/features/shell";',
      errors: [{ messageId: "sharedImportsFeature" }],
    },
    {
      filename: at("app/routes/kestrel.tsx"),
      code: 'import { getDb } from "~/db/db.server";',
      errors: [{ messageId: "databaseImport" }],
    },
    {
      filename: at("app/root.tsx"),
      code: 'import { getDb } from "./db/db.server";',
      errors: [{ messageId: "databaseImport" }],
    },
    {
      filename: at("app/routes/admin.waitlist.tsx"),
      code: 'import type { WaitlistEntryTable } from "~/db/schema";',
      errors: [{ messageId: "databaseImport" }],
    },
    {
      filename: at("app/features/admin/datasets.ts"),
      code: 'import type { OutboxTable } from "~/db/schema";',
      errors: [{ messageId: "databaseImport" }],
    },
    {
      filename: at("app/lib/helpers/deep.server.ts"),
      code: 'import { getDb } from "~/db/db.server";',
      errors: [{ messageId: "databaseImport" }],
    },
    {
      filename: at("app/ui/thing.tsx"),
      code: 'export { getDb } from "../db/db.server";',
      errors: [{ messageId: "serverImport" }, { messageId: "databaseImport" }],
    },
  ],
});

tester.run("file-names", kestrel.rules["file-names"], {
  valid: [
    { filename: at("app/features/shell/scroll-manager.tsx"), code: "" },
    { filename: at("app/routes/api.events.ts"), code: "" },
    { filename: at("app/routes/training.track.$trackId.tsx"), code: "" },
    { filename: at("app/db/migrations/0001-analytics-and-rate-limits.ts"), code: "" },
  ],
  invalid: [
    {
      filename: at("app/features/shell/ScrollManager.tsx"),
      code: "",
      errors: [{ messageId: "name" }],
    },
    { filename: at("app/features/my_feature/a.ts"), code: "", errors: [{ messageId: "name" }] },
  ],
});

tester.run("table-owners", kestrel.rules["table-owners"], {
  valid: [
    {
      filename: at("app/features/waitlist/waitlist.server.ts"),
      code: 'getDb().selectFrom("waitlist_entry").selectAll().execute();',
    },
    {
      filename: at("app/features/auth/accounts.server.ts"),
      code: 'db.selectFrom("session as s").innerJoin("user", "user.id", "s.user_id");',
    },
    {
      filename: at("app/lib/rate-limit.server.ts"),
      code: 'trx.updateTable("rate_limit").set({ hits: "" });',
    },
    {
      filename: at("app/features/admin/overview.server.integration.test.ts"),
      code: 'getDb().insertInto("session").values(row);',
    },
    { filename: at("tests/integration/auth.ts"), code: 'getDb().selectFrom("verification");' },
    { filename: at("app/db/migrations/0003-accounts.ts"), code: 'db.deleteFrom("user");' },
    { filename: at("app/features/admin/list.ts"), code: "rows.selectFrom(tableName);" },
  ],
  invalid: [
    {
      filename: at("app/features/admin/overview.server.ts"),
      code: 'db.selectNoFrom((eb) => [eb.selectFrom("waitlist_entry").select("id")]);',
      errors: [
        {
          messageId: "foreignTable",
          data: { table: "waitlist_entry", owner: "app/features/waitlist" },
        },
      ],
    },
    {
      filename: at("app/features/contact/contact.server.ts"),
      code: 'getDb().insertInto("outbox").values(mail);',
      errors: [{ messageId: "foreignTable" }],
    },
    {
      filename: at("app/features/admin/datasets.server.ts"),
      code: 'db.selectFrom(["user", "session as s"]);',
      errors: [{ messageId: "foreignTable" }, { messageId: "foreignTable" }],
    },
    {
      filename: at("app/features/auth/session.server.ts"),
      code: 'db.selectFrom("session").leftJoin("analytics_event as e", "e.session_id", "session.id");',
      errors: [{ messageId: "foreignTable" }],
    },
    {
      filename: at("app/routes/admin.overview.tsx"),
      code: 'db.deleteFrom("rate_limit");',
      errors: [{ messageId: "foreignTable" }],
    },
    {
      filename: at("app/features/training/progress.server.ts"),
      code: 'getDb().selectFrom("training_progress");',
      errors: [{ messageId: "unownedTable" }],
    },
  ],
});
