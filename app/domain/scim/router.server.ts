import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { getLogger } from "~/platform/lib/logger.server";
import { JSON_MAX_DEPTH, nestsDeeperThan } from "~/platform/lib/json-depth";
import { hitRateLimit, rateLimitKey } from "~/platform/lib/rate-limit.server";
import { resourceTypes, schemas, serviceProviderConfig } from "./discovery";
import { GROUPS, createScimGroup, getGroup, listGroups } from "./groups.server";
import { type JsonObject, SCIM_CONTENT_TYPE, ScimError } from "./protocol";
import {
  type ResourceKind,
  asObject,
  deleteResource,
  listResponse,
  notModified,
  pageOf,
  parameter,
  patchResource,
  project,
  replaceResource,
} from "./resource";
import { type TokenHolder, audit, tokenHolder } from "./tokens.server";
import type { ScimCall, Written } from "./types";
import { USERS, createUser, getUser, listUsers } from "./users.server";

// The SCIM 2.0 endpoint (RFC 7644), mounted by the Express server at /scim/v2 ahead of the page
// machinery: a bearer token, never a cookie, so no session is read and no CSRF check applies
// (a browser cannot send the Authorization header cross-site without CORS, which we never grant).
// Every answer is application/scim+json; every call a token makes is in its organisation's audit.

export const SCIM_PATH = "/scim/v2";
/** A request body's limit: a group of 10,000 members fits; anything larger is 413. */
export const SCIM_BODY_BYTES = 1024 * 1024;
export const SCIM_RATE_LIMITS = {
  /** Calls with a token in force, per token: Entra's and Okta's bursts stay well under. */
  perToken: { limit: 1200, windowMs: 60_000 },
  /** Calls without a token in force, per client address: a guesser is stopped early. */
  failedPerIp: { limit: 20, windowMs: 15 * 60_000 },
};

interface Locals {
  call?: ScimCall;
  /** What the audit records of a change (set by the handler that made it). */
  detail?: string;
}

function send(res: Response, status: number, body?: JsonObject) {
  res.status(status);
  res.setHeader("Content-Type", SCIM_CONTENT_TYPE);
  if (body === undefined) return void res.end();
  const meta = body.meta as JsonObject | undefined;
  if (typeof meta?.version === "string") res.setHeader("ETag", meta.version);
  res.send(JSON.stringify(body));
}

const locals = (res: Response) => res.locals as Locals;

function bearerToken(req: Request): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(req.get("authorization") ?? "");
  return match?.[1] ?? null;
}

function baseUrlOf(appUrl: string): string {
  return `${new URL(appUrl).origin}${SCIM_PATH}`;
}

export function createScimRouter({ appUrl }: { appUrl: string }): Router {
  const router = express.Router({ caseSensitive: false, strict: false });
  const baseUrl = baseUrlOf(appUrl);
  const logger = getLogger().child({ component: "scim" });

  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Content-Type-Options", "nosniff");
    next();
  });

  // The token first: nothing else is read, parsed or answered for a caller without one.
  router.use(async (req, res, next) => {
    const token = bearerToken(req);
    const holder: TokenHolder | null = token ? await tokenHolder(token) : null;
    if (!holder) {
      const verdict = await hitRateLimit(
        rateLimitKey("scim-auth", { ip: req.ip ?? "unknown" }),
        SCIM_RATE_LIMITS.failedPerIp,
      );
      logger.warn({ requestId: res.locals.requestId, event: "scim.unauthorised" }, "scim");
      if (!verdict.allowed) {
        res.setHeader("Retry-After", String(verdict.retryAfterSeconds));
        throw new ScimError(429, undefined, "Too many requests without a valid token.");
      }
      res.setHeader("WWW-Authenticate", 'Bearer realm="scim"');
      throw new ScimError(401, undefined, "A valid bearer token is required.");
    }
    const verdict = await hitRateLimit(`scim-token:${holder.tokenId}`, SCIM_RATE_LIMITS.perToken);
    const actor = `token #${holder.tokenId}`;
    locals(res).call = {
      organisationId: holder.organisationId,
      tokenId: holder.tokenId,
      actor,
      baseUrl,
      now: new Date(),
    };
    // Every call with a token in force is recorded when it has been answered.
    res.on("finish", () => {
      void audit(holder.organisationId, {
        actor,
        action: `${req.method} ${req.path}`,
        detail: locals(res).detail ?? "",
        status: res.statusCode,
      }).catch((error: unknown) => logger.error({ err: error }, "scim audit not written"));
    });
    if (!verdict.allowed) {
      res.setHeader("Retry-After", String(verdict.retryAfterSeconds));
      throw new ScimError(429, undefined, "Too many requests.");
    }
    next();
  });

  router.use(
    express.json({
      limit: SCIM_BODY_BYTES,
      type: ["application/scim+json", "application/json"],
      strict: true,
      verify: (_req, _res, buffer) => {
        // body-parser answers this as `entity.verify.failed`.
        if (nestsDeeperThan(buffer.toString("utf8"), JSON_MAX_DEPTH)) throw new Error("too deep");
      },
    }),
  );

  // A write needs a JSON body; a body of another type is not read as one.
  router.use((req, _res, next) => {
    if (
      ["POST", "PUT", "PATCH"].includes(req.method) &&
      !req.is(["application/scim+json", "application/json"])
    ) {
      throw new ScimError(400, "invalidSyntax", "The body must be application/scim+json.");
    }
    next();
  });

  const callOf = (res: Response): ScimCall => {
    const call = locals(res).call;
    if (!call) throw new ScimError(401, undefined, "A valid bearer token is required.");
    return call;
  };
  const id = (req: Request) => String(req.params.id);
  const ifMatch = (req: Request) => req.get("if-match");

  const list =
    (read: (call: ScimCall, filter: string | undefined) => Promise<JsonObject[]>) =>
    async (req: Request, res: Response) => {
      const page = pageOf(parameter(req.query.startIndex), parameter(req.query.count));
      const found = await read(callOf(res), parameter(req.query.filter));
      const attributes = parameter(req.query.attributes);
      const excluded = parameter(req.query.excludedAttributes);
      const body = listResponse(found, page);
      body.Resources = (body.Resources as JsonObject[]).map((r) =>
        project(r, attributes, excluded),
      );
      locals(res).detail = `${found.length} found`;
      send(res, 200, body);
    };
  const one =
    (read: (call: ScimCall, id: string) => Promise<JsonObject>) =>
    async (req: Request, res: Response) => {
      const resource = await read(callOf(res), id(req));
      const version = String((resource.meta as JsonObject).version);
      if (notModified(version, req.get("if-none-match"))) {
        res.setHeader("ETag", version);
        return send(res, 304);
      }
      send(
        res,
        200,
        project(resource, parameter(req.query.attributes), parameter(req.query.excludedAttributes)),
      );
    };
  const created =
    (write: (call: ScimCall, body: JsonObject) => Promise<Written>) =>
    async (req: Request, res: Response) => {
      const written = await write(callOf(res), asObject(req.body));
      locals(res).detail = written.detail;
      res.setHeader("Location", String((written.resource.meta as JsonObject).location));
      send(res, 201, written.resource);
    };
  // Replace, patch and delete: the same for Users and Groups.
  const changed =
    (change: typeof replaceResource) =>
    <Input>(kind: ResourceKind<Input>) =>
    async (req: Request, res: Response) => {
      const written = await change(kind, callOf(res), id(req), req.body, ifMatch(req));
      locals(res).detail = written.detail;
      send(res, 200, written.resource);
    };
  const replaced = changed(replaceResource);
  const patched = changed(patchResource);
  const removed =
    <Input>(kind: ResourceKind<Input>) =>
    async (req: Request, res: Response) => {
      locals(res).detail = await deleteResource(kind, callOf(res), id(req), ifMatch(req));
      send(res, 204);
    };

  router.get("/ServiceProviderConfig", (_req, res) =>
    send(res, 200, serviceProviderConfig(baseUrl, `${new URL(appUrl).origin}/`)),
  );
  router.get("/ResourceTypes", (_req, res) => {
    const all = resourceTypes(baseUrl);
    send(res, 200, listResponse(all, { startIndex: 1, count: all.length }));
  });
  router.get("/ResourceTypes/:id", (req, res) => {
    const found = resourceTypes(baseUrl).find((type) => type.id === id(req));
    if (!found) throw new ScimError(404, undefined, `No resource type ${id(req)}.`);
    send(res, 200, found);
  });
  router.get("/Schemas", (_req, res) => {
    const all = schemas(baseUrl);
    send(res, 200, listResponse(all, { startIndex: 1, count: all.length }));
  });
  router.get("/Schemas/:id", (req, res) => {
    const found = schemas(baseUrl).find((schema) => schema.id === id(req));
    if (!found) throw new ScimError(404, undefined, `No schema ${id(req)}.`);
    send(res, 200, found);
  });

  router.get("/Users", list(listUsers));
  router.post("/Users", created(createUser));
  router.get("/Users/:id", one(getUser));
  router.put("/Users/:id", replaced(USERS));
  router.patch("/Users/:id", patched(USERS));
  router.delete("/Users/:id", removed(USERS));

  router.get("/Groups", list(listGroups));
  router.post("/Groups", created(createScimGroup));
  router.get("/Groups/:id", one(getGroup));
  router.put("/Groups/:id", replaced(GROUPS));
  router.patch("/Groups/:id", patched(GROUPS));
  router.delete("/Groups/:id", removed(GROUPS));

  // Searching by POST (/.search) and bulk operations are not offered (ServiceProviderConfig).
  router.all("/{*rest}", (req) => {
    const known =
      /^\/(Users|Groups)(\/[^/]+)?$|^\/(ServiceProviderConfig|ResourceTypes|Schemas)(\/.*)?$/i;
    if (known.test(req.path))
      throw new ScimError(501, undefined, `${req.method} ${req.path} is not supported.`);
    throw new ScimError(404, undefined, `No endpoint ${req.path}.`);
  });

  router.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const failure = scimErrorOf(error);
    if (failure.status >= 500) {
      logger.error({ err: error, requestId: res.locals.requestId, path: req.path }, "scim failed");
    }
    locals(res).detail = failure.message;
    // The rest of an unread body (a 413, a refusal before the body) is read into nothing.
    req.resume();
    send(res, failure.status, failure.body);
  });

  return router;
}

/** An error as SCIM answers it: ours as they are, the body parser's by their status. */
function scimErrorOf(error: unknown): ScimError {
  if (error instanceof ScimError) return error;
  const parser = error as { type?: string; status?: number };
  switch (parser.type) {
    case "entity.too.large":
      return new ScimError(413, undefined, `The body is larger than ${SCIM_BODY_BYTES} bytes.`);
    case "entity.verify.failed":
      return new ScimError(400, "invalidSyntax", `The body nests deeper than ${JSON_MAX_DEPTH}.`);
    case "entity.parse.failed":
      return new ScimError(400, "invalidSyntax", "The body is not valid JSON.");
    case "charset.unsupported":
    case "encoding.unsupported":
      return new ScimError(415, undefined, "The body's charset or encoding is not supported.");
    default:
      if (error instanceof Error && "status" in error && parser.status === 400) {
        return new ScimError(400, "invalidSyntax", "The body could not be read.");
      }
      return new ScimError(500, undefined, "The request failed.");
  }
}
