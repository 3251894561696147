import { describe, expect, it } from "vitest";
import { getCatalogue } from "~/domain/training/index.server";
import {
  answerOf,
  callAction,
  pageRequest as request,
} from "../../../tests/integration/call-action";
import { signInForTest } from "../../../tests/integration/auth";
import {
  action as certificatesAction,
  loader as certificatesLoader,
} from "~/routes/training.certificates";
import { loader as layoutLoader } from "~/routes/training";
import {
  action as notificationsAction,
  loader as notificationsLoader,
} from "~/routes/training.notifications";
import { takeModule } from "../../../tests/integration/takes";

// Notifications on a real database: made by certificate issuance, counted by the bell, read,
// removed and cleared by their owner only.
let counter = 0;
const freshIp = () => `192.0.2.${(counter += 1) % 250}`;

const module = getCatalogue().modules.get("esg-fundamentals-singapore");
if (!module) throw new Error("The ESG module is missing from the catalogue");

async function passModule(cookie: string) {
  await takeModule(module?.id ?? "", cookie, true);
}

type Listed = {
  id: number;
  kind: string;
  params: Record<string, string>;
  priority: string;
  actionRequired: boolean;
  read: boolean;
};
const bell = async (cookie: string) =>
  (
    (await answerOf(() => layoutLoader({ request: request("/training", { cookie }) } as never)))
      .data as { needingAction: number | null }
  ).needingAction;
const listed = async (cookie: string) =>
  (
    (
      await answerOf(() =>
        notificationsLoader({ request: request("/training/notifications", { cookie }) } as never),
      )
    ).data as { notifications: Listed[] }
  ).notifications;
const change = (cookie: string, fields: Record<string, string>) =>
  callAction(
    notificationsAction,
    request("/training/notifications", { cookie, body: new URLSearchParams(fields) }),
    freshIp(),
  );

describe("notifications", () => {
  it("ask a learner who passed for the name to print, then say the certificate is issued", async () => {
    const { cookie } = await signInForTest("notified");
    expect(await bell(cookie)).toBe(0);
    await passModule(cookie);
    expect(await bell(cookie)).toBe(1);
    const [asking] = await listed(cookie);
    expect(asking).toMatchObject({
      kind: "certificateNeedsName",
      priority: "high",
      actionRequired: true,
      read: false,
      params: { title: "ESG Fundamentals for Singapore" },
    });

    // Looking again does not ask twice.
    await answerOf(() =>
      certificatesLoader({ request: request("/training/certificates", { cookie }) } as never),
    );
    expect(await listed(cookie)).toHaveLength(1);

    await callAction(
      certificatesAction,
      request("/training/certificates", { cookie, body: new URLSearchParams({ name: "Mei Tan" }) }),
      freshIp(),
    );
    expect(await bell(cookie)).toBe(0);
    const after = await listed(cookie);
    expect(after.map((notification) => [notification.kind, notification.read])).toEqual([
      ["certificateIssued", false],
      ["certificateNeedsName", true],
    ]);
    expect(after[0]?.params.code).toMatch(/^VERIFY-[A-Z]{3}\d{6}$/);
  });

  it("are marked read, removed and cleared by their owner, and nobody else", async () => {
    const { cookie } = await signInForTest("reader");
    await passModule(cookie);
    const [first] = await listed(cookie);
    const id = String(first?.id);

    const { cookie: other } = await signInForTest("snoop");
    expect((await change(other, { intent: "read", id })).status).toBe(404);
    expect((await change(other, { intent: "remove", id })).status).toBe(404);
    await change(other, { intent: "clear" });
    expect(await listed(cookie)).toHaveLength(1);

    for (const bad of [
      {} as Record<string, string>,
      { intent: "read" },
      { intent: "read", id: "x" },
      { intent: "drop", id },
    ]) {
      expect((await change(cookie, bad)).status).toBe(400);
    }
    expect((await change(cookie, { intent: "read", id })).data).toEqual({
      ok: true,
      intent: "read",
    });
    expect(await bell(cookie)).toBe(0);
    expect((await change(cookie, { intent: "remove", id })).data).toMatchObject({ ok: true });
    expect(await listed(cookie)).toEqual([]);
    expect((await change(cookie, { intent: "remove", id })).status).toBe(404);

    // A removed notification is not made again by the event that made it.
    await passModule(cookie);
    expect(await listed(cookie)).toEqual([]);
  });

  it("clear all at once, and keep guests out", async () => {
    const { cookie } = await signInForTest("clearer");
    await passModule(cookie);
    await callAction(
      certificatesAction,
      request("/training/certificates", { cookie, body: new URLSearchParams({ name: "Wei" }) }),
      freshIp(),
    );
    expect(await listed(cookie)).toHaveLength(2);
    expect((await change(cookie, { intent: "clear" })).data).toEqual({ ok: true, intent: "clear" });
    expect(await listed(cookie)).toEqual([]);

    const guest = await answerOf(() =>
      notificationsLoader({ request: request("/training/notifications") } as never),
    );
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toContain(
      "/login?redirectTo=%2Ftraining%2Fnotifications",
    );
    expect(await bell("")).toBeNull();
  });
});
