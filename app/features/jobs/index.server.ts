export { type Job, type JobRunner, runJobsOnce, startJobRunner } from "./runner.server";
