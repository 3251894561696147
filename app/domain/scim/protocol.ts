// SCIM 2.0's wire format (RFC 7643, RFC 7644) as far as Kestrel speaks it: schema URNs, error
// messages, the filters we answer (`eq`, joined by `and`), attribute paths and PATCH operations.
// Pure: the resources are plain JSON objects here; *.server.ts reads and stores them.

export const SCIM_CONTENT_TYPE = "application/scim+json; charset=utf-8";
export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const ENTERPRISE_SCHEMA = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
export const LIST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
export const PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
export const ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";

/** RFC 7644 §3.12's detail error keywords. */
export type ScimType =
  | "invalidFilter"
  | "tooMany"
  | "uniqueness"
  | "mutability"
  | "invalidSyntax"
  | "invalidPath"
  | "noTarget"
  | "invalidValue"
  | "invalidVers";

/** An error answered as RFC 7644 §3.12 says: status, optional keyword, a short detail. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly scimType: ScimType | undefined,
    detail: string,
  ) {
    super(detail);
    this.name = "ScimError";
  }

  get body() {
    return {
      schemas: [ERROR_SCHEMA],
      status: String(this.status),
      ...(this.scimType && { scimType: this.scimType }),
      detail: this.message,
    };
  }
}

export const invalidValue = (detail: string) => new ScimError(400, "invalidValue", detail);

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The key of `object` that names `name`: attribute names are case-insensitive (RFC 7643 §2.1). */
export function keyOf(object: JsonObject, name: string): string | undefined {
  const lower = name.toLowerCase();
  return Object.keys(object).find((key) => key.toLowerCase() === lower);
}

export function valueOf(object: JsonObject, name: string): Json | undefined {
  const key = keyOf(object, name);
  return key === undefined ? undefined : object[key];
}

// ---------------------------------------------------------------------------------------------
// Filters (RFC 7644 §3.4.2.2), the subset identity providers send: `attr eq "value"` and `and`.

export interface Comparison {
  /** As written, e.g. `userName`, `emails.value`. */
  attribute: string;
  value: string | boolean | null;
}

/** A conjunction of equalities. */
export type Filter = Comparison[];

const COMPARISON =
  /^\s*([A-Za-z][\w$-]*(?:\.[A-Za-z][\w$-]*)?)\s+([A-Za-z]+)\s+("(?:[^"\\]|\\.)*"|true|false|null)\s*/;

/** Parses a filter, or throws 400 invalidFilter for anything we do not answer exactly. */
export function parseFilter(text: string): Filter {
  if (text.length > 1000) throw new ScimError(400, "invalidFilter", "The filter is too long.");
  const filter: Filter = [];
  let rest = text;
  for (;;) {
    const match = COMPARISON.exec(rest);
    if (!match) throw new ScimError(400, "invalidFilter", `Unsupported filter: ${text}`);
    const [whole, attribute, operator, literal] = match as unknown as [
      string,
      string,
      string,
      string,
    ];
    if (operator.toLowerCase() !== "eq") {
      throw new ScimError(400, "invalidFilter", `Only "eq" is supported, not "${operator}".`);
    }
    let value: string | boolean | null;
    try {
      value = JSON.parse(literal) as string | boolean | null;
    } catch {
      throw new ScimError(400, "invalidFilter", `Unreadable value in filter: ${literal}`);
    }
    filter.push({ attribute, value });
    rest = rest.slice(whole.length);
    if (rest === "") return filter;
    const and = /^and\s+/i.exec(rest);
    if (!and) throw new ScimError(400, "invalidFilter", `Unsupported filter: ${text}`);
    rest = rest.slice(and[0].length);
  }
}

/** Whether `value` equals `expected`; strings compare without case unless `caseExact`. */
export function equals(value: unknown, expected: Comparison["value"], caseExact: boolean): boolean {
  if (typeof value === "string" && typeof expected === "string") {
    return caseExact ? value === expected : value.toLowerCase() === expected.toLowerCase();
  }
  return (value ?? null) === expected;
}

/**
 * Whether a resource (or an element of a multi-valued attribute) meets every comparison; the
 * attributes are those of `attributes` (lower-cased name → case-exact), any other is invalid.
 */
export function matches(
  resource: JsonObject,
  filter: Filter,
  attributes: ReadonlyMap<string, boolean>,
): boolean {
  return filter.every((comparison) => {
    const caseExact = attributes.get(comparison.attribute.toLowerCase());
    if (caseExact === undefined) {
      throw new ScimError(400, "invalidFilter", `Cannot filter on "${comparison.attribute}".`);
    }
    let value: Json | undefined = resource;
    for (const part of comparison.attribute.split(".")) {
      if (Array.isArray(value)) {
        const values: Json[] = value
          .filter(isObject)
          .map((element) => valueOf(element, part) ?? null);
        return values.some((candidate) => equals(candidate, comparison.value, caseExact));
      }
      value = isObject(value) ? valueOf(value, part) : undefined;
    }
    return equals(value, comparison.value, caseExact);
  });
}

// ---------------------------------------------------------------------------------------------
// Attribute paths (RFC 7644 §3.5.2): `attr`, `attr.sub`, `attr[filter]`, `attr[filter].sub`,
// each optionally behind a schema URN (`urn:…:enterprise:2.0:User:manager`).

export interface AttributePath {
  /** The extension's URN when the attribute is one of an extension, else null. */
  schema: string | null;
  attribute: string;
  filter: Filter | null;
  subAttribute: string | null;
}

const PATH = /^([A-Za-z][\w$-]*)(?:\[(.+)\])?(?:\.([A-Za-z][\w$-]*))?$/;

export function parsePath(text: string, coreSchema: string, extensions: readonly string[]) {
  let rest = text.trim();
  let schema: string | null = null;
  for (const urn of [coreSchema, ...extensions]) {
    if (rest.toLowerCase().startsWith(`${urn.toLowerCase()}:`)) {
      schema = urn === coreSchema ? null : urn;
      rest = rest.slice(urn.length + 1);
      break;
    }
  }
  const match = PATH.exec(rest);
  if (!match) throw new ScimError(400, "invalidPath", `Unsupported path: ${text}`);
  const [, attribute, filterText, subAttribute] = match as unknown as [
    string,
    string,
    string | undefined,
    string | undefined,
  ];
  let filter: Filter | null = null;
  if (filterText !== undefined) {
    try {
      filter = parseFilter(filterText);
    } catch {
      throw new ScimError(400, "invalidPath", `Unsupported filter in path: ${text}`);
    }
  }
  return { schema, attribute, filter, subAttribute: subAttribute ?? null } as AttributePath;
}

// ---------------------------------------------------------------------------------------------
// PATCH (RFC 7644 §3.5.2) on a resource as JSON, with the forms identity providers send: Entra
// capitalises the op ("Replace") and sends a value object without a path; Okta replaces `active`.

export interface PatchOperation {
  op: "add" | "replace" | "remove";
  path: string | null;
  value: Json | undefined;
}

/** The operations of a PatchOp message, or 400 when it is not one. */
export function readPatch(body: unknown): PatchOperation[] {
  if (!isObject(body)) throw new ScimError(400, "invalidSyntax", "The body must be a PatchOp.");
  const schemas = valueOf(body, "schemas");
  if (!Array.isArray(schemas) || !schemas.includes(PATCH_SCHEMA)) {
    throw new ScimError(400, "invalidSyntax", `The schemas must list ${PATCH_SCHEMA}.`);
  }
  const operations = valueOf(body, "Operations");
  if (!Array.isArray(operations) || operations.length === 0) {
    throw new ScimError(400, "invalidSyntax", "Operations must be a list of operations.");
  }
  if (operations.length > 1000) throw new ScimError(400, "tooMany", "Too many operations.");
  return operations.map((operation) => {
    if (!isObject(operation))
      throw new ScimError(400, "invalidSyntax", "An operation is not an object.");
    const op = valueOf(operation, "op");
    const path = valueOf(operation, "path");
    const lower = typeof op === "string" ? op.toLowerCase() : "";
    if (lower !== "add" && lower !== "replace" && lower !== "remove") {
      throw new ScimError(400, "invalidSyntax", `Unknown operation: ${JSON.stringify(op)}`);
    }
    if (path !== undefined && path !== null && typeof path !== "string") {
      throw new ScimError(400, "invalidPath", "A path must be a string.");
    }
    const value = valueOf(operation, "value");
    if (lower === "remove" && !path) {
      throw new ScimError(400, "noTarget", "A remove operation needs a path.");
    }
    if (lower !== "remove" && value === undefined) {
      throw new ScimError(400, "invalidValue", `The ${lower} operation needs a value.`);
    }
    return { op: lower, path: typeof path === "string" && path !== "" ? path : null, value };
  });
}

/** The schema's extension object of a resource, made when absent. */
function container(resource: JsonObject, schema: string | null): JsonObject {
  if (schema === null) return resource;
  const key = keyOf(resource, schema) ?? schema;
  const found = resource[key];
  if (isObject(found)) return found;
  const made: JsonObject = {};
  resource[key] = made;
  return made;
}

/** A multi-valued attribute's elements are matched by `value` (members, emails' addresses). */
function sameElement(a: Json, b: Json): boolean {
  if (isObject(a) && isObject(b)) {
    const left = valueOf(a, "value");
    const right = valueOf(b, "value");
    return left !== undefined && left === right;
  }
  return a === b;
}

function applyOne(
  resource: JsonObject,
  op: PatchOperation["op"],
  path: AttributePath,
  value: Json | undefined,
  filterable: ReadonlyMap<string, boolean>,
): void {
  const target = container(resource, path.schema);
  const key = keyOf(target, path.attribute) ?? path.attribute;
  const current = target[key];

  if (path.filter) {
    // An element filter: only multi-valued attributes have elements.
    if (!Array.isArray(current)) {
      if (op === "remove") return;
      throw new ScimError(400, "noTarget", `No element of ${path.attribute} matches.`);
    }
    const hit = (element: Json) =>
      isObject(element) && matches(element, path.filter ?? [], filterable);
    if (op === "remove") {
      target[key] = path.subAttribute
        ? current.map((element) => {
            if (!hit(element) || !isObject(element)) return element;
            const copy = { ...element };
            const sub = keyOf(copy, path.subAttribute ?? "");
            if (sub !== undefined) delete copy[sub];
            return copy;
          })
        : current.filter((element) => !hit(element));
      return;
    }
    if (!current.some(hit)) {
      throw new ScimError(400, "noTarget", `No element of ${path.attribute} matches.`);
    }
    target[key] = current.map((element) => {
      if (!hit(element) || !isObject(element)) return element;
      if (path.subAttribute) {
        const sub = keyOf(element, path.subAttribute) ?? path.subAttribute;
        return { ...element, [sub]: value ?? null };
      }
      if (!isObject(value)) throw invalidValue(`${path.attribute} elements are objects.`);
      return op === "add" ? { ...element, ...value } : value;
    });
    return;
  }

  if (path.subAttribute) {
    // `name.givenName`: a sub-attribute of a complex attribute.
    if (op === "remove") {
      if (isObject(current)) {
        const sub = keyOf(current, path.subAttribute);
        if (sub !== undefined) delete current[sub];
      }
      return;
    }
    const complex = isObject(current) ? current : {};
    complex[keyOf(complex, path.subAttribute) ?? path.subAttribute] = value ?? null;
    target[key] = complex;
    return;
  }

  if (op === "remove") {
    if (Array.isArray(current) && Array.isArray(value)) {
      // Entra and Okta remove group members this way: the path, and the elements in `value`.
      target[key] = current.filter((element) => !value.some((gone) => sameElement(element, gone)));
    } else {
      delete target[key];
    }
    return;
  }
  if (op === "add" && Array.isArray(current)) {
    const added = Array.isArray(value) ? value : [value ?? null];
    target[key] = [
      ...current,
      ...added.filter((element) => !current.some((have) => sameElement(have, element))),
    ];
    return;
  }
  if (op === "add" && isObject(current) && isObject(value)) {
    target[key] = { ...current, ...value };
    return;
  }
  target[key] = value ?? null;
}

/**
 * Applies the operations to a copy of `resource` (its JSON as we answer it) and answers the copy.
 * A path-less add or replace takes each of the value's members as a path of its own (Entra sends
 * `{"op": "Replace", "value": {"active": "False"}}` and also dotted names such as `name.givenName`).
 */
export function applyPatch(
  resource: JsonObject,
  operations: readonly PatchOperation[],
  options: {
    coreSchema: string;
    extensions: readonly string[];
    /** Attributes an element filter may name (lower-cased) → case-exact. */
    filterable: ReadonlyMap<string, boolean>;
  },
): JsonObject {
  const copy = structuredClone(resource);
  const parse = (text: string) => parsePath(text, options.coreSchema, options.extensions);
  for (const operation of operations) {
    if (operation.path !== null) {
      applyOne(copy, operation.op, parse(operation.path), operation.value, options.filterable);
      continue;
    }
    if (!isObject(operation.value)) {
      throw invalidValue(`A ${operation.op} without a path needs an object value.`);
    }
    for (const [name, value] of Object.entries(operation.value)) {
      const extension = options.extensions.find((urn) => urn.toLowerCase() === name.toLowerCase());
      if (extension && isObject(value)) {
        for (const [inner, innerValue] of Object.entries(value)) {
          applyOne(
            copy,
            operation.op,
            parse(`${extension}:${inner}`),
            innerValue,
            options.filterable,
          );
        }
      } else {
        applyOne(copy, operation.op, parse(name), value, options.filterable);
      }
    }
  }
  return copy;
}
