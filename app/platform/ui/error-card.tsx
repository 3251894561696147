import type { ReactNode } from "react";
import { Card } from "./card";

/** A full-page message: an error, a missing page, with one way on. */
export function ErrorCard({
  title,
  body,
  action,
}: {
  title: string;
  body: string;
  action: ReactNode;
}) {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl items-center px-4 py-16">
      <Card className="w-full text-center">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">{body}</p>
        <div className="mt-6">{action}</div>
      </Card>
    </div>
  );
}
