import { keepDataAfterNetworkFailure } from "~/platform/lib/reply";
import { Outlet } from "react-router";
import { getOptionalUser } from "~/platform/auth/index.server";
import { addEnglishNamespaces } from "~/platform/i18n";
import { NotificationBell } from "~/platform/notifications";
import { countNeedingAction } from "~/platform/notifications/index.server";
import { TrainingHeader } from "~/domain/training";
import { membershipOf } from "~/domain/compliance/index.server";
import { loadLearnerView } from "~/domain/training/index.server";
import consumerScamModule from "../../locales/en/consumerScamModule.json";
import dashboard from "../../locales/en/dashboard.json";
import training from "../../locales/en/training.json";
import type { Route } from "./+types/training";

addEnglishNamespaces({ training, consumerScamModule, dashboard });

// The frame of every training page: its header (SPEC §2 training home) above the page.
export async function loader({ request }: Route.LoaderArgs) {
  const [learner, user] = await Promise.all([loadLearnerView(request), getOptionalUser(request)]);
  if (!user) return { learner, needingAction: null };
  const [needingAction, membership] = await Promise.all([
    countNeedingAction(user.id),
    membershipOf(user, request),
  ]);
  // An organisation's manager is named so in the header (an admin stays an admin).
  const role = user.role === "learner" ? membership.role : learner.role;
  return { learner: { ...learner, role }, needingAction };
}

export const shouldRevalidate = keepDataAfterNetworkFailure;

export default function TrainingLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <TrainingHeader
        learner={loaderData.learner}
        bell={
          loaderData.needingAction === null ? null : (
            <NotificationBell count={loaderData.needingAction} />
          )
        }
      />
      <Outlet />
    </>
  );
}
