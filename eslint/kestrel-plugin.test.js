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
      code: 'import { submitWaitlist } from "~/domain/waitlist/index.server";',
    },
    {
      filename: at("app/platform/mail/mail.server.ts"),
      code: 'import type { OutboxTable } from "~/platform/db/schema";',
    },
    {
      filename: at("app/platform/lib/rate-limit.server.ts"),
      code: 'import { getDb } from "~/platform/db/db.server";',
    },
    {
      filename: at("app/platform/db/db.server.ts"),
      code: 'import { migrations } from "./migrations";',
    },
    { filename: at("server/app.ts"), code: 'import { getDb } from "~/platform/db/db.server";' },
    {
      filename: at("scripts/seed.ts"),
      code: 'import { getDb } from "../app/platform/db/db.server";',
    },
    {
      filename: at("tests/integration/auth.ts"),
      code: 'import { getDb } from "~/platform/db/db.server";',
    },
    {
      filename: at("app/routes/api.waitlist.integration.test.ts"),
      code: 'import { getDb } from "~/platform/db/db.server";',
    },
    {
      filename: at("app/root.tsx"),
      code: 'import { getTheme } from "./features/shell/theme.server";',
    },
    {
      filename: at("app/platform/analytics/events.server.ts"),
      code: 'import { getDb } from "~/platform/db/db.server";',
    },
    { filename: at("app/platform/shell/header.tsx"), code: 'import { Footer } from "./footer";' },
    {
      filename: at("app/domain/training/home.tsx"),
      code: 'import { something } from "~/platform/shell";',
    },
    { filename: at("app/platform/ui/button.tsx"), code: 'import { Link } from "react-router";' },
    {
      filename: at("app/workflows/complete-take.server.ts"),
      code: 'import { recordAnswer } from "~/domain/training/index.server";',
    },
    {
      filename: at("app/routes/training.module.tsx"),
      code: 'import { completeTake } from "~/workflows/complete-take.server";',
    },
    {
      filename: at("app/domain/admin/export.server.integration.test.ts"),
      code: 'import { loader } from "~/routes/admin.export";',
    },
    {
      filename: at("app/domain/admin/allowlist-form.tsx"),
      code: 'import { AllowlistEntrySchema } from "~/platform/auth/forms";',
    },
    {
      filename: at("app/routes/training.module.tsx"),
      code: 'import type { PlayerData } from "~/domain/training/player.server";',
    },
    {
      filename: at("app/domain/training/lease.server.ts"),
      code: 'import type { TakeState } from "./player.server";',
    },
    {
      filename: at("app/domain/training/module-player.tsx"),
      code: 'import type { PlayerData } from "./types";',
    },
  ],
  invalid: [
    {
      filename: at("app/platform/shell/theme.server.ts"),
      code: 'import { getLearner } from "~/domain/training/index.server";',
      errors: [{ messageId: "tierOrder" }],
    },
    {
      filename: at("app/domain/certificates/issue.server.ts"),
      code: 'import { completeTake } from "~/workflows/complete-take.server";',
      errors: [{ messageId: "tierOrder" }],
    },
    {
      filename: at("app/workflows/complete-take.server.ts"),
      code: 'import { action } from "~/routes/training.module";',
      errors: [{ messageId: "tierOrder" }],
    },
    {
      filename: at("app/platform/lib/helper.ts"),
      code: 'import { neutraliseCsvCell } from "../../domain/admin";',
      errors: [{ messageId: "sharedImportsFeature" }, { messageId: "tierOrder" }],
    },
    {
      filename: at("app/platform/shell/header.tsx"),
      code: 'import { getTheme } from "./theme.server";',
      errors: [{ messageId: "serverImport" }],
    },
    {
      filename: at("app/domain/training/home.tsx"),
      code: 'import { Header } from "~/platform/shell/header";',
      errors: [{ messageId: "featureInternals" }],
    },
    {
      filename: at("app/domain/training/home.tsx"),
      code: 'const m = import("../../platform/shell/header");',
      errors: [{ messageId: "featureInternals" }],
    },
    {
      filename: at("app/platform/lib/helper.ts"),
      code: 'import { Header } from "~/platform/shell";',
      errors: [{ messageId: "sharedImportsFeature" }],
    },
    {
      filename: at("app/routes/kestrel.tsx"),
      code: 'import { getDb } from "~/platform/db/db.server";',
      errors: [{ messageId: "databaseImport" }],
    },
    {
      filename: at("app/root.tsx"),
      code: 'import { getDb } from "./platform/db/db.server";',
      errors: [{ messageId: "databaseImport" }],
    },
    {
      filename: at("app/routes/admin.waitlist.tsx"),
      code: 'import type { WaitlistEntryTable } from "~/platform/db/schema";',
      errors: [{ messageId: "databaseImport" }],
    },
    {
      filename: at("app/domain/admin/datasets.ts"),
      code: 'import type { OutboxTable } from "~/platform/db/schema";',
      errors: [{ messageId: "databaseImport" }],
    },
    {
      filename: at("app/platform/lib/helpers/deep.server.ts"),
      code: 'import { getDb } from "~/platform/db/db.server";',
      errors: [{ messageId: "databaseImport" }],
    },
    {
      filename: at("app/platform/ui/thing.tsx"),
      code: 'export { getDb } from "../db/db.server";',
      errors: [{ messageId: "serverImport" }, { messageId: "databaseImport" }],
    },
    {
      filename: at("app/domain/training/module-player.tsx"),
      code: 'import type { PlayerData } from "./player.server";',
      errors: [{ messageId: "serverTypeImport", data: { source: "./player.server" } }],
    },
    {
      filename: at("app/domain/training/index.ts"),
      code: 'export type { PlayerData } from "./player.server";',
      errors: [{ messageId: "serverTypeImport" }],
    },
    {
      filename: at("app/domain/training/module-intro.tsx"),
      code: 'type Player = import("./player.server").PlayerData;',
      errors: [{ messageId: "serverTypeImport" }],
    },
  ],
});

tester.run("file-names", kestrel.rules["file-names"], {
  valid: [
    { filename: at("app/platform/shell/scroll-manager.tsx"), code: "" },
    { filename: at("app/routes/api.events.ts"), code: "" },
    { filename: at("app/routes/training.track.$trackId.tsx"), code: "" },
    { filename: at("app/platform/db/migrations/0001-analytics-and-rate-limits.ts"), code: "" },
  ],
  invalid: [
    {
      filename: at("app/platform/shell/ScrollManager.tsx"),
      code: "",
      errors: [{ messageId: "name" }],
    },
    { filename: at("app/domain/my_feature/a.ts"), code: "", errors: [{ messageId: "name" }] },
  ],
});

tester.run("table-owners", kestrel.rules["table-owners"], {
  valid: [
    {
      filename: at("app/domain/waitlist/waitlist.server.ts"),
      code: 'getDb().selectFrom("waitlist_entry").selectAll().execute();',
    },
    {
      filename: at("app/platform/auth/accounts.server.ts"),
      code: 'db.selectFrom("session as s").innerJoin("user", "user.id", "s.user_id");',
    },
    {
      filename: at("app/platform/lib/rate-limit.server.ts"),
      code: 'trx.updateTable("rate_limit").set({ hits: "" });',
    },
    {
      filename: at("app/domain/admin/overview.server.integration.test.ts"),
      code: 'getDb().insertInto("session").values(row);',
    },
    { filename: at("tests/integration/auth.ts"), code: 'getDb().selectFrom("verification");' },
    { filename: at("app/platform/db/migrations/0003-accounts.ts"), code: 'db.deleteFrom("user");' },
    { filename: at("app/domain/admin/list.ts"), code: "rows.selectFrom(tableName);" },
  ],
  invalid: [
    {
      filename: at("app/domain/admin/overview.server.ts"),
      code: 'db.selectNoFrom((eb) => [eb.selectFrom("waitlist_entry").select("id")]);',
      errors: [
        {
          messageId: "foreignTable",
          data: { table: "waitlist_entry", owner: "app/domain/waitlist" },
        },
      ],
    },
    {
      filename: at("app/domain/contact/contact.server.ts"),
      code: 'getDb().insertInto("outbox").values(mail);',
      errors: [{ messageId: "foreignTable" }],
    },
    {
      filename: at("app/domain/admin/datasets.server.ts"),
      code: 'db.selectFrom(["user", "session as s"]);',
      errors: [{ messageId: "foreignTable" }, { messageId: "foreignTable" }],
    },
    {
      filename: at("app/platform/auth/session.server.ts"),
      code: 'db.selectFrom("session").leftJoin("analytics_event as e", "e.session_id", "session.id");',
      errors: [{ messageId: "foreignTable" }],
    },
    {
      filename: at("app/routes/admin.overview.tsx"),
      code: 'db.deleteFrom("rate_limit");',
      errors: [{ messageId: "foreignTable" }],
    },
    {
      filename: at("app/domain/training/progress.server.ts"),
      code: 'getDb().selectFrom("training_progress");',
      errors: [{ messageId: "unownedTable" }],
    },
  ],
});
