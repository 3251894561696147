import { Outlet } from "react-router";
import { addEnglishNamespaces } from "~/features/i18n";
import { TrainingHeader } from "~/features/training";
import { loadLearnerView } from "~/features/training/index.server";
import consumerScamModule from "../../locales/en/consumerScamModule.json";
import training from "../../locales/en/training.json";
import type { Route } from "./+types/training";

addEnglishNamespaces({ training, consumerScamModule });

// The frame of every training page: its header (SPEC §2 training home) above the page.
export async function loader({ request }: Route.LoaderArgs) {
  return { learner: await loadLearnerView(request) };
}

export default function TrainingLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <TrainingHeader learner={loaderData.learner} />
      <Outlet />
    </>
  );
}
