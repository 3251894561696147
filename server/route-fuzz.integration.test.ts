import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import fc from "fast-check";
import { afterAll, expect, it } from "vitest";
import routes from "~/routes";
import { getCatalogue } from "~/domain/training/index.server";
import { getEnv } from "~/platform/lib/env.server";
import { signInForTest } from "../tests/integration/auth";
import { placeMember } from "../tests/integration/members";
import { type AppServer, startAppServer } from "../tests/integration/app-server";

// Every route and action of app/routes.ts, asked by a guest, a learner, a manager and an
// administrator who proved the second factor, with the hostile values of the first round (markup,
// injections, control characters, oversized text) plus deep nesting, huge arrays and wrong content
// types, as page requests and as React Router's data requests. Whatever arrives, the server
// answers, never with a 5xx and never after a hang. The routes are read from app/routes.ts, so a
// route added tomorrow is fuzzed tomorrow; a new kind of path parameter fails the test until it is
// given values here. Seeded: a failure names its request, and the same run repeats it.

const SEED = 20_261_127;
const POSTS_PER_ROUTE = 16;
const CONCURRENCY = 6;
const ANSWER_WITHIN_MS = 20_000;

const catalogue = getCatalogue();
const [track] = catalogue.tracks;
const [module] = catalogue.modules.values();
if (!track || !module) throw new Error("the catalogue has no track or module");

const HOSTILE_PARAMETERS = [
  "..%2F..%2Fetc%2Fpasswd",
  "%00",
  "x".repeat(600),
  "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "1e309",
  "-1",
  "%E0%A4%A",
  "%F0%9F%92%A5",
];

/** Values for each kind of path parameter: real ones first, then hostile ones. */
const PARAMETERS: Record<string, string[]> = {
  trackId: [track.id],
  moduleId: [track.modules[0] ?? module.id],
  courseId: ["esg-ai-ethics"],
  file: ["deck.pdf", "verifier.js"],
  code: ["VERIFY-ABC123456"],
  kind: ["run", "draft"],
  id: ["1"],
  attemptId: ["1"],
  evidenceId: ["EV-0000000001"],
  format: ["pdf", "csv", "json"],
  list: ["1"],
  dataset: ["waitlist", "contact", "demo"],
};

interface Route {
  file: string;
  /** The path with real values: where the posts go. */
  url: string;
  /** The path with each parameter given each of its other values in turn, hostile ones too. */
  variants: string[];
}

/** Every route of app/routes.ts, its parameters filled in. */
function routeList(list: readonly RouteConfigEntry[] = routes, parent = ""): Route[] {
  return list.flatMap((entry) => {
    const pattern = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const children = routeList(entry.children ?? [], pattern);
    if (entry.path === undefined && !entry.index) return children;
    const names = [...pattern.matchAll(/:(\w+)/g)].map(([, name]) => name ?? "");
    for (const name of names) {
      expect(PARAMETERS[name], `values for the path parameter :${name} (${pattern})`).toBeDefined();
    }
    const fill = (value: (name: string) => string) =>
      `/${pattern.replace(/:(\w+)/g, (_, name: string) => value(name)).replace(/\*$/, "no/such/page")}`;
    const real = (name: string) => PARAMETERS[name]?.[0] ?? "";
    const variants = names.flatMap((name) =>
      [...(PARAMETERS[name] ?? []).slice(1), ...HOSTILE_PARAMETERS].map((value) =>
        fill((other) => (other === name ? value : real(other))),
      ),
    );
    return [{ file: entry.file, url: fill(real), variants }, ...children];
  });
}

/** Form field names and intents the app's own sources use, so posts reach past the first check. */
function vocabulary(): { fields: string[]; intents: string[] } {
  const fields = new Set(["intent", "email", "name", "message", "company", "responses", "path"]);
  const intents = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes(".test.")) {
        const source = readFileSync(file, "utf8");
        for (const [, name] of source.matchAll(/\bname="([a-zA-Z][\w.-]*)"/g))
          fields.add(name ?? "");
        for (const [, name] of source.matchAll(/^\s+([a-zA-Z]\w*): z\./gm)) fields.add(name ?? "");
        for (const [, intent] of source.matchAll(/intent[^a-zA-Z\n]{1,12}"([a-z][a-z-]+)"/g)) {
          intents.add(intent ?? "");
        }
      }
    }
  };
  walk(path.resolve(import.meta.dirname, "../app"));
  // Wiping the database is tested on its own: here it would sign every visitor out mid-run.
  for (const wipe of ["factory-reset", "delete-everything"]) intents.delete(wipe);
  return { fields: [...fields].sort(), intents: [...intents].sort() };
}

const deep = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

const HOSTILE_VALUES = [
  "",
  " ",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  '"; DROP TABLE user; --',
  "\u0000\u0001\u202e\ufeff",
  "../../../../etc/passwd",
  "𝓗𝓮𝓵𝓵𝓸 ✓ สวัสดี வணக்கம் 你好",
  "-1",
  "1e309",
  "NaN",
  "999999999999999999999999",
  "true",
  "null",
  "{}",
  "[]",
  '{"__proto__":{"admin":true}}',
  deep(3000),
  `[${"0,".repeat(4000)}0]`,
  JSON.stringify({ signals: Array.from({ length: 2000 }, (_, index) => `s${index}`) }),
  "x".repeat(5000),
  "%E0%A4%A",
  "2026-02-30",
  "javascript:alert(1)",
  "//evil.example",
];

interface Post {
  contentType: string;
  body: string;
}

function posts(fields: string[], intents: string[], seed: number): Post[] {
  const form = fc
    .record({
      intent: fc.constantFrom(...intents),
      chosen: fc.uniqueArray(fc.constantFrom(...fields), { minLength: 1, maxLength: 6 }),
      values: fc.array(fc.constantFrom(...HOSTILE_VALUES), { minLength: 6, maxLength: 6 }),
      repeat: fc.constantFrom(1, 1, 1, 400),
    })
    .map(({ intent, chosen, values, repeat }) => {
      const params = new URLSearchParams({ intent });
      chosen.forEach((name, index) => params.append(name, values[index] ?? ""));
      // A huge array the form way: one field sent hundreds of times.
      for (let copy = 1; copy < repeat; copy += 1) params.append(chosen[0] ?? "intent", "a");
      return { contentType: "application/x-www-form-urlencoded", body: params.toString() };
    });
  const other = fc.constantFrom<Post>(
    { contentType: "application/json", body: deep(5000) },
    { contentType: "application/json", body: `[${"{},".repeat(3000)}{}]` },
    { contentType: "application/json", body: '{"intent":"generate","input":[1,2,3]}' },
    { contentType: "text/plain", body: "intent=generate" },
    { contentType: "multipart/form-data; boundary=b", body: "--b\r\nbroken" },
    { contentType: "multipart/form-data", body: "intent=x" },
    { contentType: "application/x-www-form-urlencoded; charset=bogus", body: "%zz=%00" },
    {
      contentType: "application/xml",
      body: "<!DOCTYPE x [<!ENTITY a SYSTEM 'file:///etc/passwd'>]><x>&a;</x>",
    },
  );
  return fc.sample(fc.oneof({ weight: 3, arbitrary: form }, other), {
    seed,
    numRuns: POSTS_PER_ROUTE,
  });
}

interface Probe {
  who: string;
  method: "GET" | "POST";
  url: string;
  cookie: string;
  post?: Post;
}

const modules = import.meta.glob<{ action?: unknown }>("../app/routes/*.{ts,tsx}");

let server: AppServer;
const visitors: Record<string, string> = { guest: "" };

afterAll(() => server?.close());

it("answers every route and action of app/routes.ts, as every kind of visitor, never with a server error", async () => {
  const learner = await signInForTest("fuzzlearner");
  const manager = await signInForTest("fuzzmanager");
  await placeMember(manager.email, "Fuzz Bank", "manager");
  const admin = await signInForTest("fuzzadmin", { admin: true, secondFactor: true });
  Object.assign(visitors, {
    learner: learner.cookie,
    manager: manager.cookie,
    admin: admin.cookie,
  });
  // Started once the visitors are in: Vite's start would otherwise end the test's own context.
  server = await startAppServer();
  const { fields, intents } = vocabulary();
  expect(intents.length).toBeGreaterThan(20);
  const probes: Probe[] = [];
  const data = (url: string) => `${url === "/" ? "/_root" : url}.data`;
  const list = routeList();
  for (const [index, route] of list.entries()) {
    const module = await modules[`../app/${route.file}`]?.();
    expect(module, route.file).toBeDefined();
    for (const [who, cookie] of Object.entries(visitors)) {
      for (const url of [route.url, ...route.variants]) {
        probes.push(
          { who, method: "GET", url, cookie },
          { who, method: "GET", url: data(url), cookie },
        );
      }
      // Posts where there is an action to read them (elsewhere one post proves the 405).
      const sent = module?.action
        ? posts(fields, intents, SEED + index)
        : posts(fields, intents, SEED).slice(0, 1);
      sent.forEach((post, at) => {
        probes.push({
          who,
          method: "POST",
          url: at % 2 ? data(route.url) : route.url,
          cookie,
          post,
        });
      });
    }
  }
  expect(list.length).toBeGreaterThan(60);

  const failures: string[] = [];
  let next = 0;
  let visitor = 0;
  const worker = async () => {
    while (next < probes.length) {
      const probe = probes[next++] as Probe;
      // Each request from its own address, as a crowd would send them: limits see visitors.
      visitor += 1;
      const headers: Record<string, string> = {
        Origin: getEnv().APP_URL,
        "X-Forwarded-For": `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`,
        ...(probe.cookie && { Cookie: probe.cookie }),
        ...(probe.post && { "Content-Type": probe.post.contentType }),
      };
      const described = `${probe.who} ${probe.method} ${probe.url.slice(0, 120)} ${
        probe.post ? `${probe.post.contentType} ${probe.post.body.slice(0, 80)}` : ""
      }`;
      try {
        const response = await fetch(`${server.origin}${probe.url}`, {
          method: probe.method,
          headers,
          body: probe.post?.body,
          redirect: "manual",
          signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
        });
        await response.arrayBuffer();
        if (response.status >= 500) failures.push(`${response.status}: ${described}`);
      } catch (error) {
        failures.push(`${(error as Error).name}: ${described}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  expect(failures).toEqual([]);
  expect(probes.length).toBeGreaterThan(3000);
}, 600_000);
