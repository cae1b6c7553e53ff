import { Router, type RequestHandler } from 'express';
import { uuidParam, type Database } from '@brigade/kit';
import { listJobMessages } from '../queries/list-job-messages';

/** The operator console's view of a job's threads (operators only: `operator` is kit's requireOperator). */
export function opsRouter(database: Database, operator: RequestHandler): Router {
  const router = Router();
  router.get('/ops/jobs/:jobId/messages', operator, async (req, res) => {
    const jobId = uuidParam(req, 'jobId', 'Job not found', 'MESSAGING.JOB_NOT_FOUND');
    res.json({ messages: await listJobMessages(database, jobId) });
  });
  return router;
}
