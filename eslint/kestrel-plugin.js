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
 * Who may import `app/db` (decision 015): a feature's server modules, the shared server helpers in
 * `app/lib`, the database code itself, the server, scripts and tests. Routes and components get
 * data through a feature's server function, called from a loader or action.
 */
function mayImportDatabase(file) {
  const bare = withoutExtension(file);
  return (
    /^app\/features\/.+\.server$/.test(bare) ||
    /^app\/lib\/[^/]+\.server$/.test(bare) ||
    file.startsWith("app/db/") ||
    file.startsWith("server/") ||
    file.startsWith("tests/") ||
    file.startsWith("scripts/") ||
    /\.test\.tsx?$/.test(file)
  );
}

function featureOf(file) {
  const match = /^app\/features\/([^/]+)(?:\/(.+))?$/.exec(file);
  return match ? { name: match[1], rest: withoutExtension(match[2] ?? "index") } : null;
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
      databaseImport:
        "'{{source}}' is the database: only a feature's *.server.ts (or app/lib/*.server.ts) queries it; call that feature's server function from a loader or action.",
      featureInternals:
        "Feature '{{from}}' reaches into feature '{{to}}' ('{{source}}'): use its index, forms or index.server, compose them in a route, or move the shared part to app/lib or app/ui.",
      sharedImportsFeature:
        "'{{source}}' is a feature: app/lib and app/ui are shared by features and must not depend on one.",
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
      // A type-only import is erased from the bundle: the browser may know a server module's types.
      const typeOnly = node.importKind === "type" || node.exportKind === "type";
      if (SERVER_ONLY.test(bare) && !typeOnly && !mayImportServerCode(file)) {
        context.report({ node, messageId: "serverImport", data: { source } });
      }
      if ((bare === "app/db" || bare.startsWith("app/db/")) && !mayImportDatabase(file)) {
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
      if (to && /^app\/(lib|ui)\//.test(file)) {
        context.report({ node, messageId: "sharedImportsFeature", data: { source } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
    };
  },
};

// Decision 015: every table has one owner, and only the owner's modules name it in a query. Others
// call the owner's server functions. A table missing here is reported too, so a new one gets an owner.
const TABLE_OWNERS = {
  waitlist_entry: "app/features/waitlist/",
  contact_message: "app/features/contact/",
  demo_request: "app/features/contact/",
  user: "app/features/auth/",
  session: "app/features/auth/",
  account: "app/features/auth/",
  verification: "app/features/auth/",
  two_factor: "app/features/auth/",
  pilot_allowlist: "app/features/auth/",
  pilot_allowlist_change: "app/features/auth/",
  analytics_event: "app/features/analytics/",
  outbox: "app/features/mail/",
  rate_limit: "app/lib/rate-limit.server.",
  learner: "app/features/training/",
  training_run: "app/features/training/",
  training_answer: "app/features/training/",
  signing_key: "app/lib/signing.server.",
  certificate_holder: "app/features/certificates/",
  certificate: "app/features/certificates/",
  certificate_status_change: "app/features/certificates/",
  notification: "app/features/notifications/",
  organisation: "app/features/compliance/",
  organisation_member: "app/features/compliance/",
  requirement: "app/features/compliance/",
  requirement_extension: "app/features/compliance/",
  reminder_claim: "app/features/compliance/",
  report: "app/features/reports/",
  aml_attempt: "app/features/aml/",
  aml_draft: "app/features/aml/",
  evidence_record: "app/features/evidence/",
  evidence_chain_head: "app/features/evidence/",
  evidence_purge_permit: "app/features/evidence/",
  course_visit: "app/features/courses/",
  course_step: "app/features/courses/",
  course_completion: "app/features/courses/",
  audio_position: "app/features/courses/",
  advisor_message: "app/features/advisor/",
  skill_profile: "app/features/skills/",
  skill_run: "app/features/skills/",
  skill_draft: "app/features/skills/",
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
    if (!file.startsWith("app/") || file.startsWith("app/db/") || /\.test\.tsx?$/.test(file)) {
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
