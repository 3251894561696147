import sources from "../../../content/sources.json";
import { z } from "~/platform/lib/zod";
import {
  type Course,
  CourseSchema,
  DeckSchema,
  ExerciseSchema,
  FrameworkSchema,
  GovernanceControlSchema,
  OverviewSchema,
} from "./content-schema.server";
import { LEVELS, LocalizedSchema } from "~/domain/training/index.server";

// A course read from its folder (content/courses/<id>/) and checked whole: each file against its
// schema, every id against its file name, every slide against the content it shows, every source
// against REGULATORY-FACTS (content/sources.json).

const CourseFileSchema = z.strictObject({
  id: z.string(),
  title: LocalizedSchema,
  level: z.enum(LEVELS),
  durationMinutes: z.number(),
  points: z.number(),
  frameworks: z.array(z.string()).min(1),
  governance: z.array(z.string()).min(1),
  exercises: z.array(z.string()).min(1),
  decks: z.array(z.string()).min(1),
});

function parseFile<T>(schema: z.ZodType<T>, file: string, data: unknown): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`${file} is invalid:\n  ${problems.join("\n  ")}`);
}

/**
 * Builds a course from its files, keyed by their path inside the course folder
 * (`course.json`, `overview.json`, `frameworks/<id>.json`…). Throws with every problem found.
 */
export function buildCourse(files: Record<string, unknown>): Course {
  const manifest = parseFile(CourseFileSchema, "course.json", files["course.json"]);
  const problems: string[] = [];
  const part = <T extends { id: string }>(folder: string, schema: z.ZodType<T>, ids: string[]) =>
    ids.flatMap((partId) => {
      const file = `${folder}/${partId}.json`;
      if (!(file in files)) {
        problems.push(`${file} is missing`);
        return [];
      }
      const value = parseFile(schema, file, files[file]);
      if (value.id !== partId) problems.push(`${file}: id "${value.id}" ≠ file name`);
      return [value];
    });
  const course = CourseSchema.parse({
    ...manifest,
    overview: parseFile(OverviewSchema, "overview.json", files["overview.json"]),
    frameworks: part("frameworks", FrameworkSchema, manifest.frameworks),
    governance: part("governance", GovernanceControlSchema, manifest.governance),
    exercises: part("exercises", ExerciseSchema, manifest.exercises),
    decks: part("decks", DeckSchema, manifest.decks),
  });

  const known = new Set(Object.keys(sources));
  const cited = [
    ...course.overview.sections.flatMap((section) => section.sources),
    ...course.frameworks.flatMap((framework) => framework.sources),
    ...course.governance.flatMap((control) => control.sources),
    ...course.exercises.flatMap((exercise) => exercise.sources),
    ...course.decks.flatMap((deck) =>
      deck.slides.flatMap((slide) => (slide.kind === "text" ? (slide.sources ?? []) : [])),
    ),
  ];
  for (const anchor of cited) {
    if (!known.has(anchor.source)) problems.push(`unknown source ${anchor.source}`);
  }
  const has = (list: { id: string }[], wanted: string) => list.some((item) => item.id === wanted);
  for (const deck of course.decks) {
    if (deck.slides.length !== deck.pages) {
      problems.push(`deck "${deck.id}" has ${deck.slides.length} slides for ${deck.pages} pages`);
    }
    for (const slide of deck.slides) {
      if (slide.kind === "framework" && !has(course.frameworks, slide.framework)) {
        problems.push(`deck "${deck.id}": no framework "${slide.framework}"`);
      }
      if (slide.kind === "control" && !has(course.governance, slide.control)) {
        problems.push(`deck "${deck.id}": no control "${slide.control}"`);
      }
      if (slide.kind === "exercise" && !has(course.exercises, slide.exercise)) {
        problems.push(`deck "${deck.id}": no exercise "${slide.exercise}"`);
      }
    }
  }
  if (problems.length > 0) {
    throw new Error(`The course "${manifest.id}" is invalid:\n  ${problems.join("\n  ")}`);
  }
  return course;
}
