import {
  type Json,
  type JsonObject,
  LIST_SCHEMA,
  ScimError,
  applyPatch,
  isObject,
  readPatch,
} from "./protocol";
import type { ScimCall, Written } from "./types";

// What every resource answer shares: its version (ETag), the If-Match check, lists a page at a
// time (RFC 7644 §3.4.2.4) and the `attributes` / `excludedAttributes` parameters (§3.4.2.5).

/** The most a page holds, whatever `count` asks (ServiceProviderConfig's filter.maxResults). */
export const MAX_PAGE = 200;
export const DEFAULT_PAGE = 100;

/** A weak ETag of the resource's attributes: any change to what it answers changes it. */
export function versionOf(resource: JsonObject, hash: (text: string) => string): string {
  const attributes = { ...resource };
  delete attributes.meta;
  return `W/"${hash(JSON.stringify(attributes)).slice(0, 20)}"`;
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, "");

/** 412 unless `ifMatch` (the header, when sent) names the resource's current version or `*`. */
export function checkIfMatch(version: string, ifMatch: string | undefined): void {
  if (ifMatch === undefined) return;
  const tags = ifMatch.split(",").map((tag) => tag.trim());
  if (tags.includes("*") || tags.some((tag) => opaque(tag) === opaque(version))) return;
  throw new ScimError(
    412,
    undefined,
    "The resource has changed since the version given (If-Match).",
  );
}

/** Whether If-None-Match names the current version (a GET then answers 304). */
export function notModified(version: string, ifNoneMatch: string | undefined): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch
    .split(",")
    .some((tag) => tag.trim() === "*" || opaque(tag) === opaque(version));
}

export interface Page {
  startIndex: number;
  count: number;
}

function integerParameter(name: string, text: string | undefined): number | undefined {
  if (text === undefined || text === "") return undefined;
  if (!/^-?\d{1,9}$/.test(text)) {
    throw new ScimError(400, "invalidValue", `${name} must be an integer.`);
  }
  return Number(text);
}

/** RFC 7644 §3.4.2.4: a startIndex below 1 is 1, a negative count is 0, and no more than we list. */
export function pageOf(startIndex: string | undefined, count: string | undefined): Page {
  const start = integerParameter("startIndex", startIndex) ?? 1;
  const size = integerParameter("count", count) ?? DEFAULT_PAGE;
  return { startIndex: Math.max(1, start), count: Math.min(MAX_PAGE, Math.max(0, size)) };
}

export function listResponse(resources: JsonObject[], page: Page): JsonObject {
  const slice = resources.slice(page.startIndex - 1, page.startIndex - 1 + page.count);
  return {
    schemas: [LIST_SCHEMA],
    totalResults: resources.length,
    startIndex: page.startIndex,
    itemsPerPage: slice.length,
    Resources: slice,
  };
}

const names = (text: string | undefined) =>
  (text ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean)
    // `urn:…:User:userName` names the core attribute `userName`.
    .map((name) =>
      name.includes(":") && !name.endsWith(":user") ? name.slice(name.lastIndexOf(":") + 1) : name,
    );

/** The resource with only the attributes asked for (top level), or without those excluded. */
export function project(
  resource: JsonObject,
  attributes: string | undefined,
  excluded: string | undefined,
): JsonObject {
  const keep = names(attributes);
  const drop = names(excluded);
  if (keep.length === 0 && drop.length === 0) return resource;
  const always = new Set(["schemas", "id", "meta"]);
  const entries = Object.entries(resource).filter(([key]) => {
    const lower = key.toLowerCase();
    if (always.has(lower)) return true;
    if (keep.length > 0) return keep.includes(lower);
    return !drop.includes(lower);
  });
  return Object.fromEntries(entries) as JsonObject;
}

/** A single query parameter as text (Express may give an array for a repeated one). */
export function parameter(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) throw new ScimError(400, "invalidValue", "A parameter was repeated.");
  return undefined;
}

export const asObject = (body: unknown): JsonObject => {
  if (!isObject(body)) throw new ScimError(400, "invalidSyntax", "The body must be a JSON object.");
  return body;
};

export type { Json };

/** What replace, patch and delete need of a resource type (Users, Groups). */
export interface ResourceKind<Input> {
  get(call: ScimCall, id: string): Promise<JsonObject>;
  /** The writable attributes of a whole resource (a PUT's body, or a patched resource). */
  read(body: JsonObject): Input;
  write(call: ScimCall, current: JsonObject, input: Input): Promise<Written>;
  /** Deletes it; answers the audit's line. */
  remove(call: ScimCall, current: JsonObject): Promise<string>;
  patch: Parameters<typeof applyPatch>[2];
}

/** The resource as it is, once If-Match (when sent) names its version. */
async function current<Input>(
  kind: ResourceKind<Input>,
  call: ScimCall,
  id: string,
  ifMatch: string | undefined,
): Promise<JsonObject> {
  const resource = await kind.get(call, id);
  checkIfMatch(String((resource.meta as JsonObject).version), ifMatch);
  return resource;
}

export async function replaceResource<Input>(
  kind: ResourceKind<Input>,
  call: ScimCall,
  id: string,
  body: unknown,
  ifMatch: string | undefined,
): Promise<Written> {
  const before = await current(kind, call, id, ifMatch);
  return kind.write(call, before, kind.read(asObject(body)));
}

/**
 * Applies the operations to the resource as answered, then reads the result as a PUT's body: a
 * patch can store nothing a replace would refuse.
 */
export async function patchResource<Input>(
  kind: ResourceKind<Input>,
  call: ScimCall,
  id: string,
  body: unknown,
  ifMatch: string | undefined,
): Promise<Written> {
  const operations = readPatch(body);
  const before = await current(kind, call, id, ifMatch);
  return kind.write(call, before, kind.read(applyPatch(before, operations, kind.patch)));
}

export async function deleteResource<Input>(
  kind: ResourceKind<Input>,
  call: ScimCall,
  id: string,
  ifMatch: string | undefined,
): Promise<string> {
  return kind.remove(call, await current(kind, call, id, ifMatch));
}
