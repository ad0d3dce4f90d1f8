// Runs in a worker thread (see import-body.ts): reading and checking a 30 MB import body costs this
// thread a second or more, never the event loop that answers everyone else.
import { parentPort, workerData } from 'node:worker_threads';
import { readImportBody } from './import-read.ts';

parentPort!.postMessage(readImportBody((workerData as { body: Uint8Array }).body));
