import { z } from "~/platform/lib/zod";
import { REGIONS } from "./locales";

// SPEC §3 "Region pack": every field a pack must carry. A pack is written in English (SPEC §4
// "Region"); its learner-facing texts are translated, one file per language and region
// (docs/decisions/047). The waitlist's texts, which SPEC puts in the pack, are in the `forms`
// dictionary so that they can be translated (docs/decisions/027).
// Validated when the server loads them and by a unit test; the browser only imports the types.
const text = z.string().trim().min(1).max(600);
const titled = z.strictObject({ title: text, desc: text });

export const RegionPackSchema = z.strictObject({
  region: z.strictObject({ id: z.enum(REGIONS), name: text }),
  authority: z.strictObject({ code: text, full: text }),
  /** The sum a scam story asks for (the consumer scam module), in the region's currency. */
  scamSample: z.strictObject({
    amount: z.number().int().positive(),
    currency: z.string().regex(/^[A-Z]{3}$/),
  }),
  track: z.strictObject({ title: text, subtitle: text }),
  actions: z.strictObject({ start: text, resume: text, view: text, learnMore: text }),
  badges: z.strictObject({ free: text, featured: text, new: text }),
  modules: z.strictObject({ consumerScam: titled, cryptoAtm: titled, moneyMovesFast: titled }),
  quickref: z.strictObject({
    title: text,
    /** How to report, step by step, for this country. */
    reportHow: z.array(text).min(2).max(8),
    sources: z.array(z.strictObject({ label: text, url: z.url({ protocol: /^https?$/ }) })).min(1),
  }),
  nav: z.strictObject({ home: text, modules: text, quickref: text, report: text }),
});

export type RegionPack = z.infer<typeof RegionPackSchema>;

/**
 * A pack's texts in one language: the texts a learner reads (the regulator's name, the track, its
 * modules, how to report). Any text may be missing, and shows in English; the steps of how to
 * report are translated all together or not at all, so that none is lost or doubled.
 */
export const PackTextsSchema = z.strictObject({
  authority: z.strictObject({ full: text }).optional(),
  track: z.strictObject({ title: text.optional(), subtitle: text.optional() }).optional(),
  modules: z
    .strictObject({
      consumerScam: titled.partial().optional(),
      cryptoAtm: titled.partial().optional(),
      moneyMovesFast: titled.partial().optional(),
    })
    .optional(),
  quickref: z
    .strictObject({ title: text.optional(), reportHow: z.array(text).min(2).max(8).optional() })
    .optional(),
});

export type PackTexts = z.infer<typeof PackTextsSchema>;
