// Runs in a worker thread (call-thread.ts): parsing and analysing a 2 MB transcript costs the
// better part of a second of CPU, which on the event loop would stall every other request.
import { parentPort } from 'node:worker_threads';
import { analyzeCallOffline, parseTranscript, parseTranscriptStrict, TranscriptFormatError } from '@nexa/domain';
import { callTurnModel } from '@nexa/domain/call-model/index';
import type { CALL_WORKER_READY, CallThreadRequest, CallThreadAnswer } from './call-thread.ts';

function handle(request: CallThreadRequest): CallThreadAnswer {
  if (request.kind === 'parse') {
    try {
      const parse = request.strict ? parseTranscriptStrict : parseTranscript;
      return { id: request.id, ok: true, lines: parse(request.text, request.fileName) };
    } catch (error) {
      if (error instanceof TranscriptFormatError) return { id: request.id, ok: false, unrecognised: true };
      throw error;
    }
  }
  return { id: request.id, ok: true, analysis: analyzeCallOffline(request.lines, { ...request.options, model: callTurnModel }) };
}

parentPort!.on('message', (request: CallThreadRequest) => {
  try {
    parentPort!.postMessage(handle(request));
  } catch (error) {
    parentPort!.postMessage({ id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});

// Loaded: from now on the parent counts each task's own time against its deadline.
const ready: typeof CALL_WORKER_READY = 'ready';
parentPort!.postMessage(ready);
