export {
  enqueueJob,
  enqueueJobOnce,
  enqueueJobsOnce,
  findJob,
  listJobs,
  MAX_ATTEMPTS,
  toJob,
  wakeJobWorkers,
  type JobRow,
} from './queue.ts';
export { createJobWorker, JobFailure, type JobContext, type JobHandler, type JobWorker, type PeriodicTask } from './worker.ts';
export { jobRoutes } from './routes.ts';
