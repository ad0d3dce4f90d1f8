// Runs in a worker thread (see pdf.ts): laying out a long specification costs this thread seconds,
// never the event loop that answers everyone else.
import { parentPort, workerData } from 'node:worker_threads';
import { renderSpecificationPdf, type SpecificationSource } from './specification-pdf.ts';

const pdf = await renderSpecificationPdf(workerData as SpecificationSource);
// A copy of its own (a small Buffer lives in Node's shared pool, which cannot be transferred),
// then moved to the event loop's thread without another.
const bytes = new Uint8Array(pdf);
parentPort!.postMessage(bytes, [bytes.buffer as ArrayBuffer]);
