import { AmlPreview, skipRevalidationForDrafts } from "~/features/aml";
import { amlAction, loadAmlPreview } from "~/features/aml/index.server";
import { readFormFields } from "~/lib/api.server";
import { requestInfoContext } from "~/lib/request-context";
import type { Route } from "./+types/kestrel.aml-demo";

export const meta: Route.MetaFunction = () => [
  { title: "AML — Live Training Preview | Kestrel" },
  {
    name: "description",
    content:
      "Work a suspicious transaction case from Canada, Singapore or Thailand and get rubric feedback anchored in FINTRAC, MAS and AMLO rules.",
  },
];

export function loader({ request }: Route.LoaderArgs) {
  return loadAmlPreview(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readFormFields(request);
  return amlAction(request, fields, context.get(requestInfoContext).clientIp);
}

export const shouldRevalidate = skipRevalidationForDrafts;

export default function AmlDemo({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight">AML — Live Training Preview</h1>
      <p className="mt-2 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
        Read the case, name the signals, decide, and cite the rules. Your answer is graded on the
        server against the pack's rubric, and every point is explained.
      </p>
      <div className="mt-8">
        <AmlPreview preview={loaderData} />
      </div>
    </div>
  );
}
