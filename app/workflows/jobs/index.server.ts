export {
  type Job,
  type JobRunner,
  type JobScope,
  runJobsOnce,
  startJobRunner,
} from "./runner.server";
