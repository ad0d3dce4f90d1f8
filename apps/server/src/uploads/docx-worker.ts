// Runs in a worker thread (see docx.ts): a hostile package can cost this thread its memory or its
// time, never the event loop that answers everyone else.
import { parentPort, workerData } from 'node:worker_threads';
import { readDocxPackage, type DocxRequest } from './docx-package.ts';

parentPort!.postMessage(await readDocxPackage(workerData as DocxRequest));
