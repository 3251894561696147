// House rules that no published plugin states the way we want (STYLE.md habits 1, 2 and 9).
import path from "node:path";

const SERVER_ONLY = /(\.server$|\/\.server\/)/;

/** Project-relative path of an import, or null for a package. */
function resolveImport(root, importer, source) {
  if (source.startsWith("~/")) return path.posix.join("app", source.slice(2));
  if (!source.startsWith(".")) return null;
  return path.posix.normalize(path.posix.join(path.posix.dirname(importer), source));
}

function relative(context) {
  return path.relative(context.cwd, context.filename).split(path.sep).join("/");
}

const withoutExtension = (file) => file.replace(/\.(tsx?|jsx?|json)$/, "");

/** Modules whose server-only imports React Router strips or that never reach the browser. */
function mayImportServerCode(file) {
  return (
    SERVER_ONLY.test(withoutExtension(file)) ||
    file.startsWith("app/routes/") ||
    file === "app/root.tsx" ||
    file.startsWith("app/entry.server") ||
    file.startsWith("server/") ||
    file.startsWith("tests/") ||
    file.startsWith("scripts/") ||
    /\.test\.tsx?$/.test(file)
  );
}

// A feature's public entries: what any page may load, its forms (with their schemas, so pages
// without those forms do not load zod), and its server side.
const PUBLIC_ENTRIES = ["index", "forms", "index.server"];

/**
 * Who may import `app/platform/db` (decision 015): server modules of the platform, domain and
 * workflows tiers, the server, scripts and tests. Routes and components get
 * data through a feature's server function, called from a loader or action.
 */
function mayImportDatabase(file) {
  const bare = withoutExtension(file);
  return (
    /^app\/(domain|workflows)\/.+\.server$/.test(bare) ||
    /^app\/platform\/(?!lib\/|ui\/)[^/]+\/.+\.server$/.test(bare) ||
    /^app\/platform\/lib\/[^/]+\.server$/.test(bare) ||
    file.startsWith("app/platform/db/") ||
    file.startsWith("server/") ||
    file.startsWith("tests/") ||
    file.startsWith("scripts/") ||
    /\.test\.tsx?$/.test(file)
  );
}

/** The folders of the platform tier that are shared helpers rather than features. */
const SHARED = /^app\/platform\/(lib|ui|db)(\/|$)/;

/** A feature of the platform or domain tier, or a workflow folder (docs/decisions/036). */
function featureOf(file) {
  if (SHARED.test(file)) return null;
  const match = /^app\/(platform|domain)\/([^/]+)(?:\/(.+))?$/.exec(file);
  return match ? { name: match[2], rest: withoutExtension(match[3] ?? "index") } : null;
}

// The tiers in the order imports run (docs/decisions/036): a module may import its own tier and
// those below it, never one above.
const TIERS = ["platform", "domain", "workflows", "app"];

function tierOf(file) {
  const match = /^app\/(platform|domain|workflows)\//.exec(file);
  if (match) return match[1];
  return file.startsWith("app/") ? "app" : null;
}

/** The module a type-position `import("...")` names (typescript-eslint's TSImportType). */
function importTypeSource(node) {
  if (node.source) return node.source.value;
  // Older typescript-eslint has no `source`: the literal type is in `argument`.
  const literal = node.argument?.type === "TSLiteralType" ? node.argument.literal : undefined;
  return literal?.type === "Literal" ? literal.value : undefined;
}

const boundaries = {
  meta: {
    type: "problem",
    docs: {
      description:
        "Server code stays on the server; only features' server modules use the database; features keep their internals.",
    },
    messages: {
      serverImport:
        "Client code cannot import the server-only module '{{source}}': use it from a *.server.ts module or a route's loader/action.",
      serverTypeImport:
        "Client code takes types from a client module of the feature (e.g. types.ts), not from the server module '{{source}}'.",
      databaseImport:
        "'{{source}}' is the database: only a feature's *.server.ts (or app/platform/lib/*.server.ts) queries it; call that feature's server function from a loader or action.",
      featureInternals:
        "Feature '{{from}}' reaches into feature '{{to}}' ('{{source}}'): use its index, forms or index.server, compose them in a workflow or a route, or move the shared part to app/platform/lib or app/platform/ui.",
      sharedImportsFeature:
        "'{{source}}' is a feature: app/platform/lib, ui and db are shared by features and must not depend on one.",
      tierOrder:
        "'{{source}}' is in the {{to}} tier, above this {{from}} module: imports run platform → domain → workflows → routes (docs/decisions/036). Move the shared part down, or compose the two in a workflow.",
    },
    schema: [],
  },
  create(context) {
    const file = relative(context);
    const check = (node, source) => {
      if (typeof source !== "string") return;
      const target = resolveImport(file, file, source);
      if (!target) return;
      const bare = withoutExtension(target);
      if (SERVER_ONLY.test(bare) && !mayImportServerCode(file)) {
        // A type-only import is erased from the bundle, but it still ties a client module to the
        // server one: the shapes both sides share live in a client module of the feature.
        const typeOnly =
          node.importKind === "type" || node.exportKind === "type" || node.type === "TSImportType";
        context.report({
          node,
          messageId: typeOnly ? "serverTypeImport" : "serverImport",
          data: { source },
        });
      }
      if (bare.startsWith("app/platform/db/") && !mayImportDatabase(file)) {
        context.report({ node, messageId: "databaseImport", data: { source } });
      }
      const from = featureOf(file);
      const to = featureOf(target);
      if (from && to && from.name !== to.name && !PUBLIC_ENTRIES.includes(to.rest)) {
        context.report({
          node,
          messageId: "featureInternals",
          data: { from: from.name, to: to.name, source },
        });
      }
      if (to && SHARED.test(file)) {
        context.report({ node, messageId: "sharedImportsFeature", data: { source } });
      }
      const fromTier = tierOf(file);
      const toTier = tierOf(target);
      // Tests sit beside the code they test and may drive it through a route.
      if (
        fromTier &&
        toTier &&
        !/\.test\.tsx?$/.test(file) &&
        TIERS.indexOf(toTier) > TIERS.indexOf(fromTier)
      ) {
        context.report({
          node,
          messageId: "tierOrder",
          data: { source, from: fromTier, to: toTier },
        });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
      // `import("./x.server").X` in a type position.
      TSImportType: (node) => check(node, importTypeSource(node)),
    };
  },
};

// Decision 015: every table has one owner, and only the owner's modules name it in a query. Others
// call the owner's server functions. A table missing here is reported too, so a new one gets an owner.
const TABLE_OWNERS = {
  waitlist_entry: "app/domain/waitlist/",
  contact_message: "app/domain/contact/",
  demo_request: "app/domain/contact/",
  user: "app/platform/auth/",
  session: "app/platform/auth/",
  account: "app/platform/auth/",
  verification: "app/platform/auth/",
  two_factor: "app/platform/auth/",
  pilot_allowlist: "app/platform/auth/",
  pilot_allowlist_change: "app/platform/auth/",
  analytics_event: "app/platform/analytics/",
  outbox: "app/platform/mail/",
  rate_limit: "app/platform/lib/rate-limit.server.",
  learner: "app/domain/training/",
  training_run: "app/domain/training/",
  training_answer: "app/domain/training/",
  signing_key: "app/platform/lib/signing.server.",
  certificate_holder: "app/domain/certificates/",
  certificate: "app/domain/certificates/",
  certificate_status_change: "app/domain/certificates/",
  notification: "app/platform/notifications/",
  organisation: "app/domain/compliance/",
  organisation_member: "app/domain/compliance/",
  requirement: "app/domain/compliance/",
  requirement_extension: "app/domain/compliance/",
  reminder_claim: "app/domain/compliance/",
  requirement_restart: "app/domain/compliance/",
  requirement_excusal: "app/domain/compliance/",
  policy_version: "app/domain/compliance/",
  policy_view: "app/domain/compliance/",
  policy_attestation: "app/domain/compliance/",
  member_group: "app/domain/compliance/",
  organisation_sso: "app/domain/sso/",
  organisation_sso_domain: "app/domain/sso/",
  sso_login_state: "app/domain/sso/",
  sso_audit_event: "app/domain/sso/",
  member_group_member: "app/domain/compliance/",
  report: "app/domain/reports/",
  aml_attempt: "app/domain/aml/",
  aml_draft: "app/domain/aml/",
  aml_review: "app/domain/aml/",
  evidence_record: "app/domain/evidence/",
  evidence_chain_head: "app/domain/evidence/",
  evidence_purge_permit: "app/domain/evidence/",
  evidence_file: "app/domain/evidence/",
  evidence_learner_key: "app/domain/evidence/",
  course_visit: "app/domain/courses/",
  course_step: "app/domain/courses/",
  course_completion: "app/domain/courses/",
  audio_position: "app/domain/courses/",
  advisor_message: "app/domain/advisor/",
  skill_profile: "app/domain/skills/",
  skill_run: "app/domain/skills/",
  skill_draft: "app/domain/skills/",
  scim_token: "app/domain/scim/",
  scim_audit: "app/domain/scim/",
};

const QUERY_METHODS = new Set([
  "selectFrom",
  "insertInto",
  "replaceInto",
  "updateTable",
  "deleteFrom",
  "mergeInto",
  "innerJoin",
  "leftJoin",
  "rightJoin",
  "fullJoin",
]);

/** Tables named by a query method's first argument: `"user"`, `"user as u"` or a list of them. */
function tablesNamed(argument) {
  const literals = argument?.type === "ArrayExpression" ? argument.elements : [argument];
  return literals
    .filter((node) => node?.type === "Literal" && typeof node.value === "string")
    .map((node) => ({ node, table: node.value.trim().split(/\s+/)[0] }));
}

const tableOwners = {
  meta: {
    type: "problem",
    docs: { description: "Only the feature that owns a table queries it." },
    messages: {
      foreignTable:
        "'{{table}}' belongs to {{owner}}: call one of its server functions instead of querying the table here.",
      unownedTable: "'{{table}}' has no owner: add it to TABLE_OWNERS in eslint/kestrel-plugin.js.",
    },
    schema: [],
  },
  create(context) {
    const file = relative(context);
    // The database code, tests and scripts set up and inspect every table.
    if (
      !file.startsWith("app/") ||
      file.startsWith("app/platform/db/") ||
      /\.test\.tsx?$/.test(file)
    ) {
      return {};
    }
    return {
      CallExpression(node) {
        const { callee } = node;
        if (callee.type !== "MemberExpression" || callee.property.type !== "Identifier") return;
        if (!QUERY_METHODS.has(callee.property.name)) return;
        for (const { node: literal, table } of tablesNamed(node.arguments[0])) {
          const owner = TABLE_OWNERS[table];
          if (!owner) {
            context.report({ node: literal, messageId: "unownedTable", data: { table } });
          } else if (!file.startsWith(owner)) {
            context.report({
              node: literal,
              messageId: "foreignTable",
              data: { table, owner: owner.replace(/[./]+$/, "") },
            });
          }
        }
      },
    };
  },
};

// Each dot-separated part of a file name is kebab-case; a route parameter part is `$name`.
const PART = /^([a-z0-9]+(-[a-z0-9]+)*|\$[a-zA-Z][a-zA-Z0-9]*|\+types)$/;

const fileNames = {
  meta: {
    type: "suggestion",
    docs: { description: "File and folder names are kebab-case." },
    messages: { name: "'{{name}}' is not kebab-case." },
    schema: [],
  },
  create(context) {
    return {
      Program(node) {
        const file = relative(context);
        for (const segment of file.split("/")) {
          const parts = segment.replace(/^\./, "").split(".");
          if (parts.some((part) => part && !PART.test(part))) {
            context.report({ node, messageId: "name", data: { name: segment } });
            return;
          }
        }
      },
    };
  },
};

export default { rules: { boundaries, "file-names": fileNames, "table-owners": tableOwners } };
