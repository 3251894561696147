import { z } from "~/platform/lib/zod";
import safetyData from "../../../content/knowledge-base/safety.json";
import { ADVISOR_LIMITS } from "./messages";

// The advisor's safety check, run on a question before retrieval: does it ask for help to evade
// reporting, tip off a customer, get around sanctions, launder money, commit fraud, or for advice
// on the asker's own investments, case or taxes? The patterns are data
// (content/knowledge-base/safety.json); the classifier's own test set is
// content/knowledge-base/safety-eval.json.
//
// Its test set (safety-eval.json, checked by safety.test.ts): questions in all seven languages,
// to refuse (evade-reporting, tipping-off, sanctions-evasion, laundering, fraud, personal-advice)
// and to answer. Recall 1.0: each one to refuse gets exactly its category; no false refusals; the
// own-situation and injection flags exact. On the knowledge base's eval.json: none of its
// answerable or out-of-scope questions refused, all its harmful and personal-advice ones refused. About 0.25 ms a question
// on average; a hostile input takes time in proportion to its length (tested as a ratio).

export const SAFETY_LANGUAGES = ["en", "fr-CA", "ms", "zh", "ta", "vi", "th"] as const;
export type SafetyLanguage = (typeof SAFETY_LANGUAGES)[number];

export const SAFETY_CATEGORIES = [
  "evade-reporting",
  "tipping-off",
  "sanctions-evasion",
  "laundering",
  "fraud",
  "personal-advice",
] as const;

export type SafetyCategory =
  | "evade-reporting" // avoid/stay under reporting thresholds, structure/split/smurf deposits to avoid a report, avoid being flagged or detected by monitoring, make a report not be filed
  | "tipping-off" // tell/warn/hint to a customer that they are reported or investigated, in a way that alerts them
  | "sanctions-evasion" // get around sanctions lists/screening, hide a sanctioned party, move money to sanctioned countries undetected, evade OFAC
  | "laundering" // how to launder/clean/hide proceeds, move dirty money, use mules, buy/rent accounts or Singpass
  | "fraud" // how to scam people, fake documents/IDs, phishing kits, commit fraud, open accounts in another's name
  | "personal-advice"; // investment advice for the user's own money (which crypto/stock to buy), legal advice on their own case (should I sue, how do I beat a charge), tax advice for their own affairs

export interface SafetyVerdict {
  /** The kind of help refused, or null when the question may be answered. */
  category: SafetyCategory | null;
  /** The asker speaks of their own situation as a possible victim ("I was scammed", "my account was used"). */
  ownSituation: boolean;
  /** The question tries to change the advisor's rules ("ignore previous instructions", "you are now…"). */
  injection: boolean;
}

/** A regular expression's source, before its macros are expanded. */
const source = z.string().min(1).max(2000);
const sources = z.array(source).max(80);
/** One list of patterns for each of the seven languages. */
const byLanguage = z.record(z.enum(SAFETY_LANGUAGES), sources);
const macroName = z.string().regex(/^[a-z][a-zA-Z]*$/, "a macro's name is letters only");

const RawRulesSchema = z.strictObject({
  /** How the file is read; for people, not for the classifier. */
  notes: z.array(z.string()).default([]),
  /**
   * The order categories are tried in, each category once: the specific before the general, so
   * "move money to a sanctioned company without OFAC noticing" is sanctions evasion.
   */
  precedence: z
    .array(z.enum(SAFETY_CATEGORIES))
    .length(SAFETY_CATEGORIES.length)
    .refine((order) => new Set(order).size === order.length, "each category once"),
  /**
   * Languages written without spaces between words: their patterns are matched on the question
   * with every space taken out, so "แบ่ง ฝาก" matches as "แบ่งฝาก".
   */
  unspaced: z.array(z.enum(SAFETY_LANGUAGES)),
  /**
   * The script a language's patterns need: they are tried only on a question with a letter of it
   * (a Thai pattern cannot match a question without Thai), which keeps long questions fast.
   */
  scripts: z.partialRecord(z.enum(SAFETY_LANGUAGES), z.enum(["Han", "Thai", "Tamil"])),
  /** Named parts of patterns, per language: `{how}` in a pattern stands for the macro `how`. */
  macros: z.record(z.enum(SAFETY_LANGUAGES), z.record(macroName, source)),
  /** The question tries to change the advisor's rules. */
  injection: byLanguage,
  /** The asker speaks of their own situation as a possible victim. */
  ownSituation: byLanguage,
  /** Legitimate learning: what a thing is, how to detect or report it, whether it is allowed. */
  allow: byLanguage,
  categories: z.record(
    z.enum(SAFETY_CATEGORIES),
    z.strictObject({
      /** A clear request for a method to do the harmful thing: refused even when `allow` matches. */
      method: byLanguage,
      /** The harmful thing sought, without a clear method request: refused unless `allow` matches. */
      intent: byLanguage,
    }),
  ),
});
type RawRules = z.infer<typeof RawRulesSchema>;

/**
 * The form questions and patterns are compared in: NFKC, one kind of apostrophe, and Latin letters
 * without their accents, so "déclaré", "declare" and "DÉCLARÉ" match alike, and Vietnamese typed
 * without its tone marks matches too. Thai, Tamil and Chinese keep their marks. A pattern is folded
 * the same way but not lower-cased (that would turn `\S` into `\s`): the flag "i" does that part.
 */
function fold(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[\u2018\u2019\u02bc\u2032\u00b4`]/g, "'")
    .replace(/[đĐ]/g, (letter) => (letter === "đ" ? "d" : "D"))
    .replace(/œ/g, "oe")
    .replace(/Œ/g, "OE")
    .normalize("NFD")
    .replace(/(?<=\p{Script=Latin})\p{M}+/gu, "")
    .normalize("NFKC");
}

/** The question as the patterns see it: folded, lower-cased, with single spaces. */
function normalizeQuestion(question: string): string {
  return fold(question).toLowerCase().replace(/\s+/g, " ").trim();
}

const MACRO = /\{([a-z][a-zA-Z]*)\}/g;

/** A pattern with its macros replaced, those of the macros too (up to eight levels deep). */
function expand(pattern: string, macros: Record<string, string>): string {
  let expanded = pattern;
  for (let depth = 0; depth < 8 && expanded.match(MACRO); depth++) {
    expanded = expanded.replace(MACRO, (whole, name: string) => macros[name] ?? whole);
  }
  const unknown = expanded.match(MACRO);
  if (unknown) throw new Error(`unknown or too deeply nested macro ${unknown[0]}`);
  return expanded;
}

/**
 * Repetition that can make a pattern slow on a long hostile question: an unbounded `.*` or `.+`,
 * a group repeated without a bound (`(…)+`, `(…)*`), and an open range `{n,}`. Gaps are bounded
 * (`.{0,80}`), and only single characters or classes repeat without a bound.
 */
const UNBOUNDED = [
  { re: /(?<!\\)\.[*+]/, why: "an unbounded `.*` or `.+`: bound the gap, as in `.{0,80}`" },
  { re: /(?<!\\)\)[*+]/, why: "a group repeated without a bound: use `{0,4}`" },
  { re: /(?<!\\)\{\d+,\}/, why: "an open range `{n,}`: give it an upper bound" },
];

/** A test a question must pass before a pattern is tried on it; its result is kept per question. */
interface Gate {
  re: RegExp;
  unspaced: boolean;
}

/** A letter of the script a language's patterns need ("scripts" in safety.json). */
const SCRIPT_GATES = {
  Han: { re: /\p{Script=Han}/u, unspaced: false },
  Thai: { re: /\p{Script=Thai}/u, unspaced: false },
  Tamil: { re: /\p{Script=Tamil}/u, unspaced: false },
};

interface CompiledRule {
  language: SafetyLanguage;
  /** The pattern as written in safety.json, for messages. */
  pattern: string;
  re: RegExp;
  unspaced: boolean;
  /**
   * Tests the pattern cannot match without: a letter of its language's script, and the macro it
   * begins with ({how}) or ends with ({howEnd}). One test of {how} on a long question saves
   * trying every pattern that begins with it.
   */
  gates: Gate[];
}

/** The macros a pattern may begin or end with that become its gates. */
const GATE_MACROS = { first: "{how}", last: "{howEnd}" };

/**
 * Whether a source has a `|` outside every group. A macro may not (it stands in a pattern as one
 * piece), and a pattern that does needs no macro at either end, so gets no macro gate.
 */
function alternatesAtTop(source: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === "\\") i++;
    else if (inClass) inClass = char !== "]";
    else if (char === "[") inClass = true;
    else if (char === "(") depth++;
    else if (char === ")") depth--;
    else if (char === "|" && depth === 0) return true;
  }
  return false;
}

function compileList(
  lists: Record<SafetyLanguage, string[]>,
  rules: RawRules,
  where: string,
  problems: string[],
  macroGates: Map<string, Gate>,
): CompiledRule[] {
  const compiled: CompiledRule[] = [];
  for (const language of SAFETY_LANGUAGES) {
    const script = rules.scripts[language];
    const macros = rules.macros[language];
    const unspaced = rules.unspaced.includes(language);
    const macroGate = (macro: string): Gate => {
      const source = fold(expand(macro, macros));
      const key = `${unspaced}:${source}`;
      const gate = macroGates.get(key) ?? { re: new RegExp(source, "iu"), unspaced };
      macroGates.set(key, gate);
      return gate;
    };
    for (const [index, pattern] of lists[language].entries()) {
      const at = `${where}.${language}[${index}]`;
      try {
        const expanded = fold(expand(pattern, macros));
        const slow = UNBOUNDED.find(({ re }) => re.test(expanded));
        if (slow) problems.push(`${at}: ${slow.why}`);
        const gates: Gate[] = script ? [SCRIPT_GATES[script]] : [];
        if (!alternatesAtTop(pattern)) {
          if (pattern.startsWith(GATE_MACROS.first)) gates.push(macroGate(GATE_MACROS.first));
          if (pattern.endsWith(GATE_MACROS.last)) gates.push(macroGate(GATE_MACROS.last));
        }
        compiled.push({ language, pattern, re: new RegExp(expanded, "iu"), unspaced, gates });
      } catch (error) {
        problems.push(`${at}: ${(error as Error).message}`);
      }
    }
  }
  return compiled;
}

interface CompiledSafetyRules {
  precedence: SafetyCategory[];
  injection: CompiledRule[];
  ownSituation: CompiledRule[];
  allow: CompiledRule[];
  method: Record<SafetyCategory, CompiledRule[]>;
  intent: Record<SafetyCategory, CompiledRule[]>;
}

function compileRules(rules: RawRules, problems: string[]): CompiledSafetyRules {
  for (const language of SAFETY_LANGUAGES) {
    for (const [name, macro] of Object.entries(rules.macros[language])) {
      if (alternatesAtTop(macro))
        problems.push(`macros.${language}.${name}: a | outside every group; wrap it in (?:…)`);
    }
  }
  const macroGates = new Map<string, Gate>();
  const list = (lists: Record<SafetyLanguage, string[]>, where: string) =>
    compileList(lists, rules, where, problems, macroGates);
  const method = {} as Record<SafetyCategory, CompiledRule[]>;
  const intent = {} as Record<SafetyCategory, CompiledRule[]>;
  for (const category of SAFETY_CATEGORIES) {
    const { method: m, intent: i } = rules.categories[category];
    method[category] = list(m, `categories.${category}.method`);
    intent[category] = list(i, `categories.${category}.intent`);
  }
  return {
    precedence: rules.precedence,
    injection: list(rules.injection, "injection"),
    ownSituation: list(rules.ownSituation, "ownSituation"),
    allow: list(rules.allow, "allow"),
    method,
    intent,
  };
}

/** safety.json: its shape, and every pattern compiles (macros expanded) without unbounded repetition. */
export const SafetyRulesSchema = RawRulesSchema.superRefine((rules, ctx) => {
  const problems: string[] = [];
  compileRules(rules, problems);
  for (const message of problems) ctx.addIssue({ code: "custom", message });
});

const RULES: CompiledSafetyRules = (() => {
  const problems: string[] = [];
  const compiled = compileRules(RawRulesSchema.parse(safetyData), problems);
  if (problems.length > 0) throw new Error(`safety.json: ${problems.join("; ")}`);
  return compiled;
})();

/**
 * The most of a text the check reads: twice the longest question the advisor accepts
 * (ADVISOR_LIMITS.questionChars), so a question is always read whole. Of a longer text, which
 * cannot be a question, the first and last halves are read, so padding hides nothing at either
 * end; the bound keeps the check fast on any input.
 */
export const SAFETY_MAX_CHARS = 2 * ADVISOR_LIMITS.questionChars;

function bounded(question: string): string {
  if (question.length <= SAFETY_MAX_CHARS) return question;
  const half = SAFETY_MAX_CHARS / 2;
  // The full stop keeps a pattern's gap from joining the two halves.
  return `${question.slice(0, half)} . ${question.slice(-half)}`;
}

/** The question as the patterns see it, and the results of the gates tried on it so far. */
interface Forms {
  spaced: string;
  unspaced: string;
  gates: Map<Gate, boolean>;
}

function formsOf(question: string): Forms {
  const spaced = normalizeQuestion(bounded(question));
  return { spaced, unspaced: spaced.replace(/ /g, ""), gates: new Map() };
}

const test = (re: RegExp, unspaced: boolean, forms: Forms) =>
  re.test(unspaced ? forms.unspaced : forms.spaced);

function passes(gate: Gate, forms: Forms): boolean {
  let passed = forms.gates.get(gate);
  if (passed === undefined) {
    passed = test(gate.re, gate.unspaced, forms);
    forms.gates.set(gate, passed);
  }
  return passed;
}

const matches = (rule: CompiledRule, forms: Forms) =>
  rule.gates.every((gate) => passes(gate, forms)) && test(rule.re, rule.unspaced, forms);

const first = (rules: CompiledRule[], forms: Forms) => rules.find((rule) => matches(rule, forms));

/** What in a question decided its verdict: the first pattern of each kind that matched. */
export function explainSafety(question: string) {
  const forms = formsOf(question);
  const pick = (rules: CompiledRule[]) => first(rules, forms)?.pattern ?? null;
  return {
    injection: pick(RULES.injection),
    ownSituation: pick(RULES.ownSituation),
    allow: pick(RULES.allow),
    method: Object.fromEntries(SAFETY_CATEGORIES.map((c) => [c, pick(RULES.method[c])])),
    intent: Object.fromEntries(SAFETY_CATEGORIES.map((c) => [c, pick(RULES.intent[c])])),
  };
}

/**
 * Whether the advisor may answer a question. A question is refused when it clearly asks for a
 * method to do a harmful thing (a `method` pattern: "how can I split deposits so they aren't
 * reported"), or when it seeks the harmful thing (an `intent` pattern) and nothing marks it as
 * legitimate learning (an `allow` pattern: what structuring is, how to detect it, whether telling
 * the customer is allowed). Categories are tried in the order safety.json gives (`precedence`).
 */
export function classifySafety(question: string): SafetyVerdict {
  const forms = formsOf(question);
  const injection = first(RULES.injection, forms) !== undefined;
  const ownSituation = first(RULES.ownSituation, forms) !== undefined;
  const verdict = (category: SafetyCategory | null): SafetyVerdict => ({
    category,
    ownSituation,
    injection,
  });
  for (const category of RULES.precedence) {
    if (first(RULES.method[category], forms)) return verdict(category);
  }
  const harmful = RULES.precedence.find((category) => first(RULES.intent[category], forms));
  if (harmful && !first(RULES.allow, forms)) return verdict(harmful);
  return verdict(null);
}
