// Runs in a worker thread (see import-body.ts): reading and checking a 30 MB import body costs this
// thread a second or more, never the event loop that answers everyone else.
import { parentPort, workerData } from 'node:worker_threads';
import { readImportBody, type ImportKind } from './import-read.ts';

const { body, kind } = workerData as { body: Uint8Array; kind?: ImportKind };
parentPort!.postMessage(readImportBody(body, kind));
