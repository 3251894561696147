import { describe, expect, it } from "vitest";
import {
  DEFAULT_NEXT_AUDIT,
  DEFAULT_RECERTIFICATION_WINDOW_DAYS,
  DEFAULT_REQUIREMENTS,
} from "./constants";
import {
  addDays,
  assignmentStart,
  auditDateState,
  averageMinutesToComplete,
  complianceScore,
  currentCycle,
  dueReminders,
  firstDueDate,
  fulfilments,
  lastMonths,
  learnerRequirement,
  localDate,
  monthKey,
  monthlyStats,
  regulatorFor,
  requirementStatus,
  teamCompletionRate,
} from "./rules";

const TORONTO = "America/Toronto"; // UTC-5 in winter
const SINGAPORE = "Asia/Singapore"; // UTC+8

describe("the default requirements", () => {
  it("are the four of the specification, with their due dates and points", () => {
    expect(
      DEFAULT_REQUIREMENTS.map(({ name, dueDate, points }) => [name, dueDate, points]),
    ).toEqual([
      ["AML Training", "2025-12-31", 100],
      ["Suspicious Transaction Reporting", "2026-02-15", 150],
      ["Customer Due Diligence", "2025-11-30", 200],
      ["Record Keeping", "2026-03-01", 125],
    ]);
    expect(new Set(DEFAULT_REQUIREMENTS.map((requirement) => requirement.id)).size).toBe(4);
    expect(DEFAULT_RECERTIFICATION_WINDOW_DAYS).toBe(30);
    expect(DEFAULT_NEXT_AUDIT).toBe("2026-10-18");
  });
});

describe("a requirement's status", () => {
  const status = (
    now: string,
    timeZone: string,
    extra: { completedAt?: string; extendedDueDate?: string } = {},
  ) =>
    requirementStatus({
      dueDate: "2025-12-31",
      completedAt: extra.completedAt ?? null,
      extendedDueDate: extra.extendedDueDate,
      now: new Date(now),
      timeZone,
    });

  it("is pending through the whole due day in the learner's time zone", () => {
    // 03:00 UTC on 1 January is still 31 December, 22:00, in Toronto.
    expect(status("2026-01-01T03:00:00Z", TORONTO).status).toBe("pending");
    expect(status("2026-01-01T04:59:59Z", TORONTO).status).toBe("pending");
    expect(status("2026-01-01T05:00:00Z", TORONTO).status).toBe("overdue");
  });

  it("is overdue in Singapore while still due today in Toronto", () => {
    // 20:00 UTC on 31 December is 04:00 on 1 January in Singapore, 15:00 on the 31st in Toronto.
    const now = "2025-12-31T20:00:00Z";
    expect(status(now, SINGAPORE)).toEqual({
      status: "overdue",
      completedDate: null,
      effectiveDueDate: "2025-12-31",
    });
    expect(status(now, TORONTO).status).toBe("pending");
    expect(status("2025-12-31T15:59:59Z", SINGAPORE).status).toBe("pending");
  });

  it("stays completed when completed after the due date, with the learner's local date", () => {
    // 02:00 UTC on 5 January is the evening of 4 January in Toronto.
    expect(
      status("2026-02-01T00:00:00Z", TORONTO, { completedAt: "2026-01-05T02:00:00Z" }),
    ).toEqual({
      status: "completed",
      completedDate: "2026-01-04",
      effectiveDueDate: "2025-12-31",
    });
    expect(
      status("2026-02-01T00:00:00Z", SINGAPORE, { completedAt: "2026-01-05T02:00:00Z" })
        .completedDate,
    ).toBe("2026-01-05");
  });

  it("as of a date before its completion, is not completed yet", () => {
    expect(
      status("2026-01-03T12:00:00Z", TORONTO, { completedAt: "2026-01-05T02:00:00Z" }).status,
    ).toBe("overdue");
  });

  it("goes back to pending with an extension, overdue again after it", () => {
    const extendedDueDate = "2026-01-31";
    expect(status("2026-01-10T12:00:00Z", TORONTO, { extendedDueDate })).toEqual({
      status: "pending",
      completedDate: null,
      effectiveDueDate: "2026-01-31",
    });
    expect(status("2026-02-01T12:00:00Z", TORONTO, { extendedDueDate }).status).toBe("overdue");
  });

  it("ignores an extension earlier than the due date", () => {
    expect(
      status("2025-12-20T12:00:00Z", TORONTO, { extendedDueDate: "2025-12-01" }),
    ).toMatchObject({
      status: "pending",
      effectiveDueDate: "2025-12-31",
    });
  });

  it("refuses a due date that is not a calendar date", () => {
    const check = (dueDate: string) => () =>
      requirementStatus({ dueDate, completedAt: null, now: new Date(), timeZone: TORONTO });
    expect(check("2026-02-30")).toThrow(RangeError);
    expect(check("31/12/2025")).toThrow(RangeError);
    expect(check("2026-02-28")).not.toThrow();
  });
});

describe("a requirement's cycle", () => {
  const first = {
    generation: 1,
    issuedAt: "2025-03-01T10:00:00.000Z",
    expiresAt: "2026-03-01T10:00:00.000Z",
  };
  // 30 days before the first certificate expires.
  const windowOpens = "2026-01-30T10:00:00.000Z";
  const yearly = (now: string, certificate: typeof first | null) =>
    currentCycle({ recurrence: "yearly", windowDays: 30, certificate, now: new Date(now) });

  it("is cycle 1, unfulfilled, before any certificate", () => {
    expect(yearly("2025-02-01T00:00:00Z", null)).toEqual({
      cycle: 1,
      opensAt: null,
      windowOpen: false,
      fulfilled: false,
      renewBy: null,
    });
  });

  it("is fulfilled by a valid certificate until its recertification window opens", () => {
    expect(yearly("2026-01-30T09:59:59Z", first)).toEqual({
      cycle: 1,
      opensAt: windowOpens,
      windowOpen: false,
      fulfilled: true,
      renewBy: null,
    });
  });

  it("opens cycle 2, unfulfilled, inside the window while the certificate is still valid", () => {
    expect(yearly(windowOpens, first)).toEqual({
      cycle: 2,
      opensAt: windowOpens,
      windowOpen: true,
      fulfilled: false,
      renewBy: "2026-03-01T10:00:00.000Z",
    });
  });

  it("stays in cycle 2, unfulfilled, after the certificate expired", () => {
    expect(yearly("2026-06-01T00:00:00Z", first)).toMatchObject({
      cycle: 2,
      windowOpen: true,
      fulfilled: false,
    });
  });

  it("is fulfilled again by a newer certificate, whose own window opens a year on", () => {
    const renewal = {
      generation: 2,
      issuedAt: "2026-03-05T08:00:00.000Z",
      expiresAt: "2027-03-05T08:00:00.000Z",
    };
    expect(yearly("2026-03-05T09:00:00Z", renewal)).toEqual({
      cycle: 2,
      opensAt: "2027-02-03T08:00:00.000Z",
      windowOpen: false,
      fulfilled: true,
      renewBy: null,
    });
    expect(yearly("2027-02-03T08:00:00Z", renewal)).toMatchObject({ cycle: 3, fulfilled: false });
  });

  it("without recurrence, is one cycle forever and never lapses", () => {
    const once = (certificate: typeof first | null) =>
      currentCycle({
        recurrence: "none",
        windowDays: 30,
        certificate,
        now: new Date("2030-01-01T00:00:00Z"),
      });
    expect(once(first)).toEqual({
      cycle: 1,
      opensAt: null,
      windowOpen: false,
      fulfilled: true,
      renewBy: null,
    });
    expect(once(null)).toMatchObject({ cycle: 1, fulfilled: false });
  });

  it("refuses a negative window", () => {
    expect(() =>
      currentCycle({ recurrence: "yearly", windowDays: -1, certificate: first, now: new Date() }),
    ).toThrow(RangeError);
  });
});

describe("scores", () => {
  it("compliance is completed requirements of all, a whole percent, 0 without requirements", () => {
    expect(complianceScore(["completed", "pending", "overdue"])).toBe(33);
    expect(complianceScore(["completed", "completed", "overdue"])).toBe(67);
    expect(complianceScore(["completed"])).toBe(100);
    expect(complianceScore([])).toBe(0);
  });

  it("completion rate is completions of users × modules, 0 without users or modules", () => {
    expect(teamCompletionRate({ completions: 30, users: 5, moduleCount: 11 })).toBe(55);
    expect(teamCompletionRate({ completions: 1, users: 3, moduleCount: 11 })).toBe(3);
    expect(teamCompletionRate({ completions: 0, users: 0, moduleCount: 11 })).toBe(0);
    expect(teamCompletionRate({ completions: 0, users: 4, moduleCount: 0 })).toBe(0);
  });

  it("average time to complete is the mean from first answer to completion, in whole minutes", () => {
    expect(
      averageMinutesToComplete([
        { firstAnswerAt: "2026-01-01T10:00:00Z", completedAt: "2026-01-01T10:10:00Z" },
        { firstAnswerAt: "2026-01-02T09:00:00Z", completedAt: "2026-01-02T09:25:00Z" },
      ]),
    ).toBe(18);
    expect(averageMinutesToComplete([])).toBeNull();
  });
});

describe("reminders", () => {
  const due = "2026-02-15";
  // Noon in Toronto on a local date.
  const at = (date: string) => new Date(`${date}T17:00:00Z`);
  const remind = (now: Date, sent: string[] = [], completed = false, timeZone = TORONTO) =>
    dueReminders({ dueDate: due, completed, now, timeZone, sent: new Set(sent) });
  const kinds = (now: Date, sent: string[] = []) =>
    remind(now, sent).map((reminder) => reminder.kind);

  it("fall 14, 7 and 1 days before the due date, and not before", () => {
    expect(kinds(at("2026-01-31"))).toEqual([]);
    expect(remind(at("2026-02-01"))).toEqual([{ kind: "before-14", copyManagers: false }]);
    expect(kinds(at("2026-02-08"), ["before-14"])).toEqual(["before-7"]);
    expect(kinds(at("2026-02-14"), ["before-14", "before-7"])).toEqual(["before-1"]);
  });

  it("are not sent twice", () => {
    expect(kinds(at("2026-02-01"), ["before-14"])).toEqual([]);
    expect(kinds(at("2026-02-02"), ["before-14"])).toEqual([]);
    expect(kinds(at("2026-02-15"), ["before-14", "before-7", "before-1"])).toEqual([]);
  });

  it("after a missed date, send only the latest one due, late", () => {
    // before-14 was missed; 6 days before the due date, before-7 is the latest due.
    expect(kinds(at("2026-02-09"))).toEqual(["before-7"]);
    expect(kinds(at("2026-02-15"), ["before-14"])).toEqual(["before-1"]);
  });

  it("follow the learner's local date", () => {
    // 03:00 UTC on 1 February is still 31 January in Toronto, already the 1st in Singapore.
    const now = new Date("2026-02-01T03:00:00Z");
    expect(remind(now)).toEqual([]);
    expect(remind(now, [], false, SINGAPORE).map((reminder) => reminder.kind)).toEqual([
      "before-14",
    ]);
  });

  it("turn overdue on the first day after the due date, copying managers", () => {
    expect(remind(at("2026-02-16"), ["before-1"])).toEqual([
      { kind: "overdue", copyManagers: true },
    ]);
    expect(kinds(at("2026-02-22"), ["overdue"])).toEqual([]);
  });

  it("repeat weekly once overdue, only the latest when weeks were missed", () => {
    expect(remind(at("2026-02-23"), ["overdue"])).toEqual([
      { kind: "overdue-week-1", copyManagers: true },
    ]);
    expect(kinds(at("2026-03-01"), ["overdue", "overdue-week-1"])).toEqual([]);
    expect(kinds(at("2026-03-02"), ["overdue", "overdue-week-1"])).toEqual(["overdue-week-2"]);
    // The job was down from the due date to 5 March: one reminder, not three.
    expect(kinds(at("2026-03-05"))).toEqual(["overdue-week-2"]);
  });

  it("stop once the requirement is completed", () => {
    expect(remind(at("2026-02-01"), [], true)).toEqual([]);
    expect(remind(at("2026-02-16"), [], true)).toEqual([]);
  });
});

describe("months", () => {
  it("are read in the time zone, across New Year", () => {
    // 20:00 UTC on 31 December is 1 January in Singapore (ahead of UTC), 31 December in Toronto.
    expect(monthKey("2025-12-31T20:00:00Z", SINGAPORE)).toBe("2026-01");
    expect(monthKey("2025-12-31T20:00:00Z", TORONTO)).toBe("2025-12");
    expect(monthKey(new Date("2026-01-01T02:00:00Z"), TORONTO)).toBe("2025-12");
    expect(localDate("2026-03-01T04:59:00Z", TORONTO)).toBe("2026-02-28");
  });

  it("the last six end with the current one, oldest first, across New Year", () => {
    expect(lastMonths(new Date("2026-02-10T12:00:00Z"), "UTC", 6)).toEqual([
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
    ]);
    // Already January in Singapore.
    expect(lastMonths(new Date("2025-12-31T17:00:00Z"), SINGAPORE, 6)).toEqual([
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
    ]);
  });

  it("bucket completions, new users and certificates, leaving out older events", () => {
    const now = new Date("2026-01-15T00:00:00Z");
    const stats = monthlyStats(
      {
        // 31 December 20:00 UTC is January in Singapore; 1 July is before the six months.
        completions: ["2025-12-31T20:00:00Z", "2026-01-10T00:00:00Z", "2025-07-01T12:00:00Z"],
        newUsers: ["2025-12-31T15:00:00Z", "2025-08-01T00:00:00Z"],
        certificates: ["2025-11-30T16:30:00Z"],
      },
      now,
      SINGAPORE,
    );
    expect(stats).toEqual([
      { month: "2025-08", completions: 0, newUsers: 1, certificates: 0 },
      { month: "2025-09", completions: 0, newUsers: 0, certificates: 0 },
      { month: "2025-10", completions: 0, newUsers: 0, certificates: 0 },
      { month: "2025-11", completions: 0, newUsers: 0, certificates: 0 },
      { month: "2025-12", completions: 0, newUsers: 1, certificates: 1 },
      { month: "2026-01", completions: 2, newUsers: 0, certificates: 0 },
    ]);
  });
});

describe("the regulator", () => {
  it("is named by region in either case, FINTRAC by default", () => {
    expect(regulatorFor("CA")).toBe("FINTRAC");
    expect(regulatorFor("us")).toBe("FFIEC");
    expect(regulatorFor("EU")).toBe("GDPR");
    expect(regulatorFor("sg")).toBe("MAS");
    expect(regulatorFor("th")).toBe("FINTRAC");
    expect(regulatorFor(null)).toBe("FINTRAC");
  });
});

describe("fulfilments", () => {
  const now = new Date("2027-06-01T00:00:00Z");
  const passes = (entries: Record<string, string[]>) => new Map(Object.entries(entries));

  it("need every module passed; the last of them fulfils the cycle", () => {
    expect(
      fulfilments({
        moduleIds: ["a", "b"],
        passes: passes({ a: ["2026-01-10T00:00:00Z"] }),
        recurrence: "none",
        now,
      }),
    ).toEqual([]);
    expect(
      fulfilments({
        moduleIds: ["a", "b"],
        passes: passes({ a: ["2026-01-10T00:00:00Z"], b: ["2026-01-05T00:00:00Z"] }),
        recurrence: "none",
        now,
      }),
    ).toEqual(["2026-01-10T00:00:00.000Z"]);
  });

  it("count a retake towards the next year only from 90 days before the year ends", () => {
    const result = fulfilments({
      moduleIds: ["a"],
      // The second pass is 200 days after the first (too early), the third 300 days after.
      passes: passes({
        a: ["2026-01-01T00:00:00Z", "2026-07-20T00:00:00Z", "2026-10-28T00:00:00Z"],
      }),
      recurrence: "yearly",
      now,
    });
    expect(result).toEqual(["2026-01-01T00:00:00.000Z", "2026-10-28T00:00:00.000Z"]);
  });

  it("leave out passes after now", () => {
    expect(
      fulfilments({
        moduleIds: ["a"],
        passes: passes({ a: ["2027-07-01T00:00:00Z"] }),
        recurrence: "yearly",
        now,
      }),
    ).toEqual([]);
  });
});

describe("a learner's requirement", () => {
  const base = {
    dueDate: "2026-03-01",
    recurrence: "yearly" as const,
    windowDays: 30,
    extensions: new Map<number, string>(),
    timeZone: TORONTO,
  };

  it("is the first cycle, due on the requirement's date, until it is fulfilled", () => {
    expect(
      learnerRequirement({ ...base, fulfilled: [], now: new Date("2026-03-02T04:59:00Z") }),
    ).toMatchObject({ cycle: 1, status: "pending", effectiveDueDate: "2026-03-01" });
    expect(
      learnerRequirement({ ...base, fulfilled: [], now: new Date("2026-03-02T05:00:00Z") }),
    ).toMatchObject({ cycle: 1, status: "overdue" });
  });

  it("opens the next cycle when the window opens, due when the year ends, moved by its extension", () => {
    const fulfilled = ["2026-02-01T15:00:00.000Z"];
    expect(
      learnerRequirement({ ...base, fulfilled, now: new Date("2026-12-31T00:00:00Z") }),
    ).toMatchObject({ cycle: 1, status: "completed", completedDate: "2026-02-01" });
    const renewal = learnerRequirement({
      ...base,
      fulfilled,
      now: new Date("2027-01-05T00:00:00Z"),
    });
    expect(renewal).toMatchObject({
      cycle: 2,
      status: "pending",
      renewal: true,
      effectiveDueDate: "2027-02-01",
      completedAt: null,
    });
    expect(
      learnerRequirement({ ...base, fulfilled, now: new Date("2027-02-03T00:00:00Z") }),
    ).toMatchObject({ cycle: 2, status: "overdue" });
    expect(
      learnerRequirement({
        ...base,
        fulfilled,
        extensions: new Map([[2, "2027-03-01"]]),
        now: new Date("2027-02-03T00:00:00Z"),
      }),
    ).toMatchObject({ cycle: 2, status: "pending", effectiveDueDate: "2027-03-01" });
  });

  it("never reopens a requirement without recurrence", () => {
    expect(
      learnerRequirement({
        ...base,
        recurrence: "none",
        fulfilled: ["2026-02-01T15:00:00.000Z"],
        now: new Date("2029-01-01T00:00:00Z"),
      }),
    ).toMatchObject({ cycle: 1, status: "completed" });
  });
});

describe("an assignment and its due date", () => {
  const base = {
    audience: null,
    requirementCreatedAt: "2025-01-01T00:00:00.000Z",
    joinedAt: "2026-11-27T15:00:00.000Z",
    groups: new Map<number, string>(),
    restartedAt: null,
    timeZone: TORONTO,
  };

  it("starts when a member joins, however old the requirement, and is due 30 days later", () => {
    const assignedAt = assignmentStart(base);
    expect(assignedAt).toBe("2026-11-27T15:00:00.000Z");
    expect(
      firstDueDate({
        dueDate: "2025-11-30",
        dueDays: 30,
        assignedAt: assignedAt ?? "",
        timeZone: TORONTO,
      }),
    ).toBe("2026-12-27");
    // A fixed date stays fixed.
    expect(
      firstDueDate({
        dueDate: "2025-11-30",
        dueDays: null,
        assignedAt: assignedAt ?? "",
        timeZone: TORONTO,
      }),
    ).toBe("2025-11-30");
    // Counted from the organisation's local date: 03:00 UTC on 1 December is 30 November in Toronto.
    expect(
      firstDueDate({
        dueDate: "2025-11-30",
        dueDays: 30,
        assignedAt: "2026-12-01T03:00:00.000Z",
        timeZone: TORONTO,
      }),
    ).toBe("2026-12-30");
    expect(assignmentStart({ ...base, requirementCreatedAt: "2026-12-05T00:00:00.000Z" })).toBe(
      "2026-12-05T00:00:00.000Z",
    );
  });

  it("starts when a member joins a group it is assigned to, and not at all outside it", () => {
    const audience = { groupIds: [1, 2], match: "any" as const, joinedAfter: null };
    expect(assignmentStart({ ...base, audience })).toBeNull();
    const groups = new Map([
      [2, "2026-12-10T00:00:00.000Z"],
      [1, "2026-12-03T00:00:00.000Z"],
    ]);
    expect(assignmentStart({ ...base, audience, groups })).toBe("2026-12-03T00:00:00.000Z");
    expect(assignmentStart({ ...base, audience: { ...audience, match: "all" }, groups })).toBe(
      "2026-12-10T00:00:00.000Z",
    );
    expect(
      assignmentStart({
        ...base,
        audience: { ...audience, match: "all" },
        groups: new Map([[1, "2026-12-03T00:00:00.000Z"]]),
      }),
    ).toBeNull();
  });

  it("reaches only those who joined after a date, by the organisation's local date", () => {
    const audience = { groupIds: [], match: "any" as const, joinedAfter: "2026-11-27" };
    expect(assignmentStart({ ...base, audience })).toBeNull();
    // 05:00 UTC on 28 November is the 28th in Toronto.
    expect(assignmentStart({ ...base, audience, joinedAt: "2026-11-28T05:00:00.000Z" })).toBe(
      "2026-11-28T05:00:00.000Z",
    );
    expect(assignmentStart({ ...base, audience, joinedAt: "2026-11-28T04:00:00.000Z" })).toBeNull();
  });

  it("starts again from a reassignment", () => {
    expect(assignmentStart({ ...base, restartedAt: "2027-02-01T12:00:00.000Z" })).toBe(
      "2027-02-01T12:00:00.000Z",
    );
  });

  it("counts days across months and leap years", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});

describe("the next audit date", () => {
  it("is past from the day after it, in the organisation's time zone", () => {
    expect(auditDateState("2026-10-18", new Date("2026-10-19T03:59:00Z"), TORONTO)).toEqual({
      past: false,
      daysLeft: 0,
    });
    expect(auditDateState("2026-10-18", new Date("2026-10-19T04:00:00Z"), TORONTO).past).toBe(true);
    expect(auditDateState("2027-10-18", new Date("2026-10-18T12:00:00Z"), TORONTO).daysLeft).toBe(
      365,
    );
  });
});
