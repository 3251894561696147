import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { getServerSecret } from "~/platform/lib/server-secret.server";
import type { Item } from "./content-schema";

// Item banks (docs/decisions/037): a take draws one item per step from the step's bank and shuffles
// its options, on the server, from a seed only the server can compute (an HMAC of the take key).
// The draw is stored with the take when it starts, so a reload shows the same items; a retake
// draws items other than the ones the learner's last take answered, where the bank allows.

/** A step of something graded, with its bank (a lease step has a bank of one). */
export interface BankStep {
  id: string;
  items: readonly Item[];
}

/** Per step: the item drawn and its option ids in the order shown. */
export type Drawn = Record<string, { item: string; order: string[] }>;

/** A stream of random integers below `n`, the same for the same seed. */
export function seeded(seed: string, secret = getServerSecret()) {
  let counter = 0;
  let pool: Buffer = Buffer.alloc(0);
  return (n: number): number => {
    if (pool.length < 4) {
      pool = createHmac("sha256", secret).update(`draw:${seed}:${counter++}`).digest();
    }
    const value = pool.readUInt32BE(0);
    pool = pool.subarray(4);
    return value % n;
  };
}

export function shuffled<T>(values: readonly T[], next: (n: number) => number): T[] {
  const out = [...values];
  for (let i = out.length - 1; i > 0; i--) {
    const j = next(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** `values` in an order fixed by `seed` and the server secret (a learner's exercise options). */
export function shuffledFor<T>(seed: string, values: readonly T[]): T[] {
  return shuffled(values, seeded(`order:${seed}`));
}

/**
 * The items of a new take: per step, one item not in `avoid` (the items of the learner's last
 * take) when the bank has one, its options shuffled. The same take key draws the same items.
 */
export function drawTake(
  takeKey: string,
  steps: readonly BankStep[],
  avoid: ReadonlySet<string> = new Set(),
  secret = getServerSecret(),
): Drawn {
  const next = seeded(takeKey, secret);
  const drawn: Drawn = {};
  for (const step of steps) {
    const fresh = step.items.filter((item) => !avoid.has(item.id));
    const pool = fresh.length > 0 ? fresh : step.items;
    const item = pool[next(pool.length)] as Item;
    drawn[step.id] = {
      item: item.id,
      order: shuffled(
        item.options.map((option) => option.id),
        next,
      ),
    };
  }
  return drawn;
}

/** What a take before item banks showed: each step's first item, options as written. */
export function firstItems(steps: readonly BankStep[]): Drawn {
  return Object.fromEntries(
    steps.map((step) => {
      const item = step.items[0] as Item;
      return [step.id, { item: item.id, order: item.options.map((option) => option.id) }];
    }),
  );
}

/** A stored draw, or the first items for a take stored before banks (or a draw that no longer fits). */
export function readDrawn(json: string | null, steps: readonly BankStep[]): Drawn {
  if (json) {
    try {
      const drawn = JSON.parse(json) as Drawn;
      if (steps.every((step) => drawnItem(step, drawn))) return drawn;
    } catch {
      // A damaged draw reads as the first items, as a take before banks did.
    }
  }
  return firstItems(steps);
}

/** The item a take drew for a step, its options in the order the learner saw them. */
export function drawnItem(step: BankStep, drawn: Drawn): Item | undefined {
  const entry = drawn[step.id];
  const item = step.items.find((candidate) => candidate.id === entry?.item);
  if (!item || !entry) return undefined;
  const options = entry.order.flatMap((id) => item.options.filter((option) => option.id === id));
  if (options.length !== item.options.length) return undefined;
  return { ...item, options };
}

// Take keys carry the time the page that opened the take was served, sealed with the server
// secret, so time on task counts from then even for a visitor who had no record yet.

const KEY_RANDOM_BYTES = 9;
const KEY_MAC_CHARS = 8;

function keyMac(body: string, secret: string): string {
  return createHmac("sha256", secret)
    .update(`take:${body}`)
    .digest("base64url")
    .slice(0, KEY_MAC_CHARS);
}

/** A fresh take key, sealed with the time it was made. */
export function newTakeKey(now = new Date(), secret = getServerSecret()): string {
  const time = Buffer.alloc(6);
  time.writeUIntBE(now.getTime(), 0, 6);
  const body = `${randomBytes(KEY_RANDOM_BYTES).toString("base64url")}${time.toString("base64url")}`;
  return `${body}${keyMac(body, secret)}`;
}

/** When the take's page was served, if the key is a sealed one; null for any other key. */
export function openedAt(takeKey: string, secret = getServerSecret()): Date | null {
  if (takeKey.length !== 28) return null;
  const body = takeKey.slice(0, 20);
  const mac = Buffer.from(takeKey.slice(20));
  const expected = Buffer.from(keyMac(body, secret));
  if (mac.length !== expected.length || !timingSafeEqual(mac, expected)) return null;
  return new Date(Buffer.from(body.slice(12), "base64url").readUIntBE(0, 6));
}
