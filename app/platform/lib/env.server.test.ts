import { describe, expect, it } from "vitest";
import { isPostgresUrl } from "~/platform/db/db.server";
import { EnvError, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("gives safe local defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "production",
      PORT: 3000,
      HOST: "127.0.0.1",
      DATABASE_URL: "data/kestrel.db",
      APP_URL: "http://localhost:3000",
      ADMIN_EMAILS: [],
      LOG_LEVEL: "info",
    });
    expect(env.SMTP_URL).toBeUndefined();
  });

  it("reads every variable and normalises lists and URLs", () => {
    const env = parseEnv({
      PORT: "8080",
      HOST: "0.0.0.0",
      DATABASE_URL: "postgres://u:p@db:5432/kestrel",
      APP_URL: "https://learn.example.com/",
      SESSION_SECRET: "s".repeat(40),
      SMTP_URL: "smtps://user:pass@mail.example.com:465",
      ADMIN_EMAILS: " Ops@Example.com, lead@example.com ,",
      LOG_LEVEL: "debug",
    });
    expect(env.PORT).toBe(8080);
    expect(env.APP_URL).toBe("https://learn.example.com");
    expect(env.ADMIN_EMAILS).toEqual(["ops@example.com", "lead@example.com"]);
  });

  it("reads the pilot allowlist: domains and addresses in lower case, an optional open door", () => {
    const env = parseEnv({
      PILOT_DOMAINS: " @Bank.example.SG, insurer.example.com ,",
      PILOT_EMAILS: "Lead@Partner.example",
      PILOT_OPEN: "true",
    });
    expect(env.PILOT_DOMAINS).toEqual(["bank.example.sg", "insurer.example.com"]);
    expect(env.PILOT_EMAILS).toEqual(["lead@partner.example"]);
    expect(env.PILOT_OPEN).toBe(true);
    expect(parseEnv({}).PILOT_OPEN).toBe(false);
    expect(() => parseEnv({ PILOT_DOMAINS: "not a domain" })).toThrow(/PILOT_DOMAINS/);
    expect(() => parseEnv({ PILOT_EMAILS: "someone" })).toThrow(/PILOT_EMAILS/);
    expect(() => parseEnv({ PILOT_OPEN: "yes" })).toThrow(/PILOT_OPEN/);
  });

  it("runs the background jobs every 15 minutes unless told otherwise", () => {
    expect(parseEnv({})).toMatchObject({ JOBS: "on", JOBS_INTERVAL_MINUTES: 15 });
    expect(parseEnv({ JOBS: "off", JOBS_INTERVAL_MINUTES: "60" })).toMatchObject({
      JOBS: "off",
      JOBS_INTERVAL_MINUTES: 60,
    });
    expect(() => parseEnv({ JOBS: "false" })).toThrow(/JOBS/);
    for (const value of ["0", "1.5", "soon", "1441"]) {
      expect(() => parseEnv({ JOBS_INTERVAL_MINUTES: value }), value).toThrow(
        /JOBS_INTERVAL_MINUTES/,
      );
    }
  });

  it("leaves the reuse of kept HTML to the mode unless told on, verify or off", () => {
    expect(parseEnv({}).HTML_REUSE).toBeUndefined();
    expect(parseEnv({ HTML_REUSE: "verify" }).HTML_REUSE).toBe("verify");
    for (const value of ["true", "ON", "always"]) {
      expect(() => parseEnv({ HTML_REUSE: value }), value).toThrow(/HTML_REUSE/);
    }
  });

  it("trusts no proxy unless told how many there are or where they are", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(
      parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8, fd00::/8, 192.0.2.7" }).TRUST_PROXY,
    ).toEqual(["loopback", "10.0.0.0/8", "fd00::/8", "192.0.2.7"]);
    for (const value of ["true", "proxy.example", "10.0.0.0/33", "10.0.0.1/8/8", ","]) {
      expect(() => parseEnv({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ PORT: "", SMTP_URL: "" }).PORT).toBe(3000);
  });

  it("lists every bad variable at once", () => {
    let error: unknown;
    try {
      parseEnv({
        PORT: "70000",
        APP_URL: "not a url",
        SMTP_URL: "http://mail.example.com",
        ADMIN_EMAILS: "ok@example.com,nope",
        LOG_LEVEL: "loud",
        SESSION_SECRET: "short",
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const problems = (error as EnvError).problems.join("\n");
    for (const name of [
      "PORT",
      "APP_URL",
      "SMTP_URL",
      "ADMIN_EMAILS",
      "LOG_LEVEL",
      "SESSION_SECRET",
    ]) {
      expect(problems).toContain(name);
    }
    expect((error as EnvError).message).toMatch(/^Invalid environment:/);
  });

  it("requires a session secret when served over https in production", () => {
    expect(() => parseEnv({ APP_URL: "https://learn.example.com" })).toThrow(/SESSION_SECRET/);
    expect(() =>
      parseEnv({ APP_URL: "https://learn.example.com", NODE_ENV: "development" }),
    ).not.toThrow();
  });
});

describe("isPostgresUrl", () => {
  it.each([
    ["postgres://u@h/db", true],
    ["postgresql://u@h/db", true],
    ["POSTGRES://u@h/db", true],
    ["data/kestrel.db", false],
    ["file:data/kestrel.db", false],
    ["mysql://u@h/db", false],
  ])("%s → %s", (url, expected) => {
    expect(isPostgresUrl(url)).toBe(expected);
  });
});
