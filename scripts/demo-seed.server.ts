import type { Kysely } from "kysely";
import { ensureOrganisation } from "~/domain/compliance/index.server";
import { getCatalogue } from "~/domain/training/index.server";
import { closeDb, getDb, migrateToLatest, withDatabase } from "~/platform/db/db.server";
import type { Database } from "~/platform/db/schema";

// The demo organisation (`npm run seed:demo`): a credit union with thousands of learners and a
// year of training behind them, so the compliance dashboard, its reminders and its reports can be
// shown and measured at the size the speed targets name. Everything is drawn from a PRNG seeded
// by the organisation and domain, so the same `now` gives the same figures on every machine.
//
// Certificates are left out: they are signed only through issuance for a signed-in request
// (features/certificates), and a requirement's status follows the passes themselves.

export interface DemoSeedOptions {
  db: Kysely<Database>;
  learners?: number;
  /** Completed takes; a few unfinished ones come on top. */
  attempts?: number;
  now?: Date;
  organisation?: string;
  domain?: string;
}

export interface DemoSeedResult {
  created: boolean;
  organisationId: number;
  organisation: string;
  domain: string;
  users: number;
  managers: string[];
  completedTakes: number;
  openTakes: number;
  answers: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const MANAGERS = 3;
/** Unfinished takes, as a share of the completed ones. */
const OPEN_TAKE_SHARE = 0.03;
/** Rows per insert: well under SQLite's 32,766 and PostgreSQL's 65,535 bound values. */
const BATCH = 1_000;

/** mulberry32: small, fast and good enough to spread demo data; seeded from a string. */
function randomFrom(seedText: string): () => number {
  let seed = 2166136261;
  for (const char of seedText) seed = Math.imul(seed ^ char.charCodeAt(0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

/** The demo organisation's groups: each member is in one department and one location. */
const DEMO_GROUPS = [
  ["department", "Branch operations"],
  ["department", "Lending"],
  ["department", "Payments"],
  ["location", "Vancouver"],
  ["location", "Toronto"],
  ["location", "Calgary"],
] as const;
const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;
const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const KEY_CHARS = `${ID_CHARS}-_`;
function randomText(random: Random, length: number, chars = ID_CHARS): string {
  let text = "";
  for (let index = 0; index < length; index += 1) {
    text += chars.charAt(Math.floor(random() * chars.length));
  }
  return text;
}

/** A name as shown, and the Latin letters its email address is made of. */
type Name = readonly [shown: string, latin: string];
interface NameCulture {
  weight: number;
  given: readonly Name[];
  family: readonly Name[];
  /** Family name first, written without a space (Chinese). */
  familyFirst?: "joined" | "spaced";
}

// The people of a Canadian credit union with staff across Asia-Pacific.
const CULTURES: readonly NameCulture[] = [
  {
    weight: 30,
    given: [
      "Emma",
      "Liam",
      "Olivia",
      "Noah",
      "Ava",
      "Ethan",
      "Chloe",
      "Lucas",
      "Megan",
      "Ryan",
      "Hannah",
      "Owen",
      "Grace",
      "Connor",
      "Sophie",
      "Jack",
    ].map((name) => [name, name] as const),
    family: [
      "Smith",
      "Brown",
      "Wilson",
      "MacDonald",
      "Taylor",
      "Campbell",
      "Anderson",
      "Clarke",
      "Martin",
      "Thompson",
      "Fraser",
      "Murray",
    ].map((name) => [name, name] as const),
  },
  {
    weight: 20,
    given: [
      ["Zoë", "zoe"],
      ["Gabriel", "gabriel"],
      ["Léa", "lea"],
      ["Félix", "felix"],
      ["Mélanie", "melanie"],
      ["François", "francois"],
      ["Élodie", "elodie"],
      ["Jérôme", "jerome"],
      ["Camille", "camille"],
      ["Mathis", "mathis"],
      ["Maëlle", "maelle"],
      ["Étienne", "etienne"],
    ],
    family: [
      ["Tremblay", "tremblay"],
      ["Gagnon", "gagnon"],
      ["Côté", "cote"],
      ["Bélanger", "belanger"],
      ["Lévesque", "levesque"],
      ["Roy", "roy"],
      ["Bouchard", "bouchard"],
      ["Gauthier", "gauthier"],
      ["Pelletier", "pelletier"],
      ["Morin", "morin"],
    ],
  },
  {
    weight: 12,
    given: [
      ["伟", "wei"],
      ["芳", "fang"],
      ["静", "jing"],
      ["磊", "lei"],
      ["敏", "min"],
      ["海燕", "haiyan"],
      ["志强", "zhiqiang"],
      ["丽娜", "lina"],
      ["建华", "jianhua"],
      ["晓明", "xiaoming"],
      ["雪", "xue"],
    ],
    family: [
      ["王", "wang"],
      ["李", "li"],
      ["张", "zhang"],
      ["陈", "chen"],
      ["刘", "liu"],
      ["黄", "huang"],
      ["杨", "yang"],
      ["赵", "zhao"],
      ["周", "zhou"],
    ],
    familyFirst: "joined",
  },
  {
    weight: 8,
    given: [
      ["Thị Lan", "lan"],
      ["Văn Minh", "minh"],
      ["Thu Hà", "ha"],
      ["Quốc Bảo", "bao"],
      ["Ngọc Anh", "anh"],
      ["Đức Huy", "huy"],
      ["Thanh Tâm", "tam"],
      ["Minh Châu", "chau"],
    ],
    family: [
      ["Nguyễn", "nguyen"],
      ["Trần", "tran"],
      ["Lê", "le"],
      ["Phạm", "pham"],
      ["Võ", "vo"],
      ["Hoàng", "hoang"],
      ["Đặng", "dang"],
    ],
    familyFirst: "spaced",
  },
  {
    weight: 7,
    given: [
      ["สมชาย", "somchai"],
      ["สุดา", "suda"],
      ["ปิยะ", "piya"],
      ["วิภา", "wipha"],
      ["ณัฐพล", "nattaphon"],
      ["กนกวรรณ", "kanokwan"],
      ["ธนากร", "thanakorn"],
    ],
    family: [
      ["ใจดี", "jaidee"],
      ["ศรีสุข", "srisuk"],
      ["วงศ์ไทย", "wongthai"],
      ["บุญมา", "boonma"],
      ["รัตนพันธ์", "rattanaphan"],
      ["แสงทอง", "saengthong"],
    ],
  },
  {
    weight: 8,
    given: [
      ["Siti", "siti"],
      ["Ahmad", "ahmad"],
      ["Nurul", "nurul"],
      ["Farid", "farid"],
      ["Aisyah", "aisyah"],
      ["Hafiz", "hafiz"],
      ["Dewi", "dewi"],
      ["Budi", "budi"],
      ["Nur Aina", "nuraina"],
    ],
    family: [
      ["Abdullah", "abdullah"],
      ["Ismail", "ismail"],
      ["Rahman", "rahman"],
      ["Hassan", "hassan"],
      ["Wijaya", "wijaya"],
      ["Santoso", "santoso"],
      ["Lim", "lim"],
      ["Tan", "tan"],
    ],
  },
  {
    weight: 7,
    given: [
      ["Priya", "priya"],
      ["Arjun", "arjun"],
      ["Kavitha", "kavitha"],
      ["Senthil", "senthil"],
      ["Lakshmi", "lakshmi"],
      ["Vikram", "vikram"],
      ["Anjali", "anjali"],
      ["Karthik", "karthik"],
    ],
    family: [
      ["Raman", "raman"],
      ["Krishnan", "krishnan"],
      ["Subramaniam", "subramaniam"],
      ["Pillai", "pillai"],
      ["Sharma", "sharma"],
      ["Nair", "nair"],
      ["Iyer", "iyer"],
    ],
  },
  {
    weight: 8,
    given: [
      ["María José", "mariajose"],
      ["Juan Carlos", "juancarlos"],
      ["Kristine", "kristine"],
      ["Paolo", "paolo"],
      ["Angelica", "angelica"],
      ["Jose Miguel", "josemiguel"],
      ["Carmela", "carmela"],
      ["Rafael", "rafael"],
    ],
    family: [
      ["Santos", "santos"],
      ["Reyes", "reyes"],
      ["dela Cruz", "delacruz"],
      ["Bautista", "bautista"],
      ["García", "garcia"],
      ["Mendoza", "mendoza"],
      ["Villanueva", "villanueva"],
    ],
  },
];

function drawName(random: Random): { name: string; latin: string } {
  const total = CULTURES.reduce((sum, culture) => sum + culture.weight, 0);
  let draw = random() * total;
  const culture = CULTURES.find((candidate) => (draw -= candidate.weight) < 0) ?? CULTURES[0];
  if (!culture) throw new Error("No name cultures");
  const [given, givenLatin] = pick(random, culture.given);
  const [family, familyLatin] = pick(random, culture.family);
  const name =
    culture.familyFirst === "joined"
      ? `${family}${given}`
      : culture.familyFirst === "spaced"
        ? `${family} ${given}`
        : `${given} ${family}`;
  return { name, latin: `${givenLatin}.${familyLatin}`.toLowerCase() };
}

/**
 * How a learner trains: most keep at it all year; some trained when they joined a year ago and
 * not since (their renewals are now open: pending); some barely started (overdue).
 */
type Habit = "steady" | "lapsed" | "light";

interface DemoUser {
  id: string;
  learnerId: string;
  name: string;
  email: string;
  joinedAt: number;
  role: "learner" | "manager";
  habit: Habit;
  /** Chance of answering a step right. */
  skill: number;
}

interface DemoTake {
  key: string;
  learnerId: string;
  moduleId: string;
  /** Per step, the bank item drawn and its options' order (JSON). */
  drawn: string;
  answers: {
    stepId: string;
    itemId: string;
    optionId: string;
    correct: number;
    answeredAt: string;
  }[];
  completed: boolean;
  score: number | null;
}

function makeUsers(random: Random, count: number, domain: string, now: number): DemoUser[] {
  const year = 365 * DAY_MS;
  const emails = new Set<string>();
  return Array.from({ length: count }, (_, index) => {
    const { name, latin } = drawName(random);
    const role = index < MANAGERS ? "manager" : "learner";
    let local = role === "manager" ? `manager${index + 1}` : latin;
    for (let suffix = 2; emails.has(local); suffix += 1) local = `${latin}${suffix}`;
    emails.add(local);
    const roll = random();
    const habit: Habit =
      role === "manager" || roll < 0.7 ? "steady" : roll < 0.82 ? "lapsed" : "light";
    const joinedAgo =
      role === "manager"
        ? year - index * DAY_MS
        : habit === "lapsed"
          ? year - random() * 30 * DAY_MS
          : 2 * DAY_MS + random() * (year - 2 * DAY_MS);
    return {
      id: randomText(random, 32),
      learnerId: `u_${randomText(random, 22, KEY_CHARS)}`,
      name,
      email: `${local}@${domain}`,
      joinedAt: now - joinedAgo,
      role,
      habit,
      skill: 0.45 + random() * 0.5,
    };
  });
}

/** Splits `total` over the users by habit (steady ones vary), summing exactly to `total`. */
function takeCounts(random: Random, users: readonly DemoUser[], total: number): number[] {
  // Relative numbers of takes: about 70, 8 and 3 each at the full size.
  const weights = users.map((user) =>
    user.habit === "steady" ? 0.5 + random() * 1.5 : user.habit === "lapsed" ? 0.15 : 0.05,
  );
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((weight) => Math.floor((total * weight) / sum));
  let left = total - counts.reduce((a, b) => a + b, 0);
  for (let index = 0; left > 0; index = (index + 1) % counts.length, left -= 1) {
    counts[index] = (counts[index] ?? 0) + 1;
  }
  return counts;
}

/**
 * One learner's takes in time order. A module is only taken once its prerequisites have a
 * completed take, as the player allows; a learner mostly picks something not yet passed.
 */
function makeTakes(
  random: Random,
  user: DemoUser,
  completedCount: number,
  openCount: number,
  now: number,
): DemoTake[] {
  const { modules } = getCatalogue();
  const all = [...modules.values()];
  // Everyone joined two days ago or more: their takes fit between joining and now.
  const from = user.joinedAt + DAY_MS / 2;
  const until = user.habit === "lapsed" ? from + 30 * DAY_MS : now - DAY_MS / 4;
  const slots = [
    ...Array.from({ length: completedCount }, () => true),
    ...Array.from({ length: openCount }, () => false),
  ]
    .map((completes) => ({ completes, at: from + random() * (until - from) }))
    .sort((a, b) => a.at - b.at);

  const passedModules = new Set<string>();
  return slots.map(({ completes, at }) => {
    const unlocked = all.filter((module) =>
      module.prerequisites.every((id) => passedModules.has(id)),
    );
    const fresh = unlocked.filter((module) => !passedModules.has(module.id));
    const module = pick(random, fresh.length > 0 && random() < 0.6 ? fresh : unlocked);
    const answered = completes
      ? module.steps.length
      : 1 + Math.floor(random() * (module.steps.length - 1));
    let time = at;
    const drawn = Object.fromEntries(
      module.steps.map((step) => {
        const item = pick(random, step.items);
        return [step.id, { item: item.id, order: item.options.map((option) => option.id) }];
      }),
    );
    const answers = module.steps.slice(0, answered).map((step) => {
      const correct = random() < user.skill;
      const question = step.items.find((item) => item.id === drawn[step.id]?.item) ?? step.items[0];
      if (!question) throw new Error(`step "${step.id}" has no items`);
      const wrong = question.options.filter((option) => option.id !== question.answer);
      const answer = {
        stepId: step.id,
        itemId: question.id,
        optionId: correct ? question.answer : pick(random, wrong).id,
        correct: correct ? 1 : 0,
        answeredAt: new Date(time).toISOString(),
      };
      time += (1 + random() * 6) * 60_000;
      return answer;
    });
    let score: number | null = null;
    if (completes) {
      const right = answers.filter((answer) => answer.correct === 1).length;
      score = Math.round((100 * right) / module.steps.length);
      if (right >= module.passMark) passedModules.add(module.id);
    }
    return {
      key: randomText(random, 16, KEY_CHARS),
      learnerId: user.learnerId,
      moduleId: module.id,
      drawn: JSON.stringify(drawn),
      answers,
      completed: completes,
      score,
    };
  });
}

async function insertInBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) {
    await insert(rows.slice(start, start + BATCH));
  }
}

/**
 * Creates the demo organisation once: its users, members (the first three are managers),
 * learners, a year of takes with their answers, and the allowlist entry that admits its domain
 * and names the organisation. A second call finds the organisation and changes nothing.
 */
export async function seedDemo({
  db,
  learners = 2_000,
  attempts = 100_000,
  now = new Date(),
  organisation = "Northwind Credit Union (demo)",
  domain = "northwind-demo.test",
}: DemoSeedOptions): Promise<DemoSeedResult> {
  const random = randomFrom(`${organisation}|${domain}`);
  const users = makeUsers(
    random,
    Math.max(learners, MANAGERS),
    domain.toLowerCase(),
    now.getTime(),
  );
  const managers = users.filter((user) => user.role === "manager").map((user) => user.email);
  const summary = { organisation, domain, users: users.length, managers };

  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("organisation")
      .select("id")
      .where("name", "=", organisation)
      .executeTakeFirst();
    if (existing) {
      return {
        ...summary,
        created: false,
        organisationId: Number(existing.id),
        completedTakes: 0,
        openTakes: 0,
        answers: 0,
      };
    }
    const yearAgo = new Date(now.getTime() - 365 * DAY_MS);
    const made = await withDatabase(trx, () =>
      ensureOrganisation(organisation, { region: "CA", now: yearAgo }),
    );
    await trx
      .insertInto("pilot_allowlist")
      .values({
        kind: "domain",
        value: domain.toLowerCase(),
        organisation,
        added_by: "system",
        created_at: yearAgo.toISOString(),
      })
      .onConflict((conflict) => conflict.columns(["kind", "value"]).doUpdateSet({ organisation }))
      .execute();
    await trx
      .insertInto("pilot_allowlist_change")
      .values({
        action: "add",
        kind: "domain",
        value: domain.toLowerCase(),
        organisation,
        actor_email: "system",
        created_at: yearAgo.toISOString(),
      })
      .execute();

    const counts = takeCounts(random, users, attempts);
    const takes = users.flatMap((user, index) =>
      makeTakes(
        random,
        user,
        counts[index] ?? 0,
        Math.round((counts[index] ?? 0) * OPEN_TAKE_SHARE),
        now.getTime(),
      ),
    );
    const lastSeen = new Map<string, string>();
    for (const take of takes) {
      const last = take.answers.at(-1)?.answeredAt ?? "";
      if (last > (lastSeen.get(take.learnerId) ?? "")) lastSeen.set(take.learnerId, last);
    }

    await insertInBatches(users, async (batch) => {
      await trx
        .insertInto("user")
        .values(
          batch.map((user) => {
            const at = new Date(user.joinedAt).toISOString();
            return {
              id: user.id,
              name: user.name,
              email: user.email,
              email_verified: 1,
              image: null,
              created_at: at,
              updated_at: at,
              two_factor_enabled: null,
              role: "learner",
            };
          }),
        )
        .execute();
      await trx
        .insertInto("organisation_member")
        .values(
          batch.map((user) => {
            const at = new Date(user.joinedAt).toISOString();
            const manager = user.role === "manager";
            return {
              user_id: user.id,
              organisation_id: made.id,
              role: user.role,
              joined_at: at,
              role_changed_by: manager ? "system" : null,
              role_changed_at: manager ? at : null,
            };
          }),
        )
        .execute();
      await trx
        .insertInto("learner")
        .values(
          batch.map((user) => {
            const at = new Date(user.joinedAt).toISOString();
            return {
              id: user.learnerId,
              user_id: user.id,
              created_at: at,
              last_seen_at: lastSeen.get(user.learnerId) ?? at,
              progress_reset_at: null,
            };
          }),
        )
        .execute();
    });

    await insertInBatches(takes, async (batch) => {
      const runs = await trx
        .insertInto("training_run")
        .values(
          batch.map((take) => ({
            learner_id: take.learnerId,
            item_id: take.moduleId,
            take_key: take.key,
            started_at: take.answers[0]?.answeredAt ?? "",
            completed_at: take.completed ? (take.answers.at(-1)?.answeredAt ?? null) : null,
            score: take.score,
            drawn: take.drawn,
          })),
        )
        .returning(["id", "take_key"])
        .execute();
      const runIds = new Map(runs.map((run) => [run.take_key, Number(run.id)]));
      const answers = batch.flatMap((take) =>
        take.answers.map((answer) => ({
          run_id: runIds.get(take.key) ?? 0,
          step_id: answer.stepId,
          option_id: answer.optionId,
          correct: answer.correct,
          answered_at: answer.answeredAt,
          item_id: answer.itemId,
        })),
      );
      await insertInBatches(answers, (slice) =>
        trx.insertInto("training_answer").values(slice).execute(),
      );
    });

    // Its groups, each member's line manager and the compliance owner, from a generator of their
    // own so the people and takes above stay as they were. Each member joined their groups when
    // they joined the organisation, so the groups move nobody's due dates.
    const place = randomFrom(`${organisation}|${domain}|groups`);
    const groupIds = new Map<string, number>();
    for (const [kind, name] of DEMO_GROUPS) {
      const group = await trx
        .insertInto("member_group")
        .values({
          organisation_id: made.id,
          kind,
          name,
          created_at: yearAgo.toISOString(),
          created_by: "system",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      groupIds.set(name, Number(group.id));
    }
    const managerIds = users.filter((user) => user.role === "manager").map((user) => user.id);
    const departments = DEMO_GROUPS.filter(([kind]) => kind === "department");
    const locations = DEMO_GROUPS.filter(([kind]) => kind === "location");
    const placed = users.map((user) => {
      const department = Math.floor(place() * departments.length);
      const location = pick(place, locations);
      return { user, department, groups: [departments[department]?.[1], location[1]] };
    });
    await insertInBatches(
      placed.flatMap(({ user, groups }) =>
        groups.map((name) => ({
          group_id: groupIds.get(name ?? "") ?? 0,
          user_id: user.id,
          added_at: new Date(user.joinedAt).toISOString(),
          added_by: "system",
        })),
      ),
      (batch) => trx.insertInto("member_group_member").values(batch).execute(),
    );
    // A department's learners report to one of the managers; the first manager owns compliance.
    for (const [index, managerId] of managerIds.entries()) {
      const reports = placed
        .filter(({ user, department }) => user.role === "learner" && department === index)
        .map(({ user }) => user.id);
      for (let start = 0; start < reports.length; start += BATCH) {
        await trx
          .updateTable("organisation_member")
          .set({ manager_id: managerId })
          .where("user_id", "in", reports.slice(start, start + BATCH))
          .execute();
      }
    }
    await trx
      .updateTable("organisation")
      .set({ compliance_owner_id: managerIds[0] ?? null })
      .where("id", "=", made.id)
      .execute();

    const completedTakes = takes.filter((take) => take.completed).length;
    return {
      ...summary,
      created: true,
      organisationId: made.id,
      completedTakes,
      openTakes: takes.length - completedTakes,
      answers: takes.reduce((sum, take) => sum + take.answers.length, 0),
    };
  });
}

/** `npm run seed:demo`: the database DATABASE_URL names, migrated, then seeded. */
export async function runDemoSeed(
  options: Omit<DemoSeedOptions, "db"> = {},
): Promise<DemoSeedResult> {
  const db = getDb();
  try {
    await migrateToLatest(db);
    return await seedDemo({ db, ...options });
  } finally {
    await closeDb();
  }
}
