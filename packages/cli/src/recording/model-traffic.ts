import { assertCopilotRecordable } from './copilot-route.js';
import { assertGeminiRecordable } from './gemini-route.js';
import { assertRoutable, type ModelTraffic, type TrafficContext } from './traffic-context.js';

/** Starts recording (`--record`) or replaying (`--replay`), checked against the run's engines; else nothing. */
export async function startModelTraffic(
  mode: { record?: boolean; replay?: string },
  context: TrafficContext,
): Promise<ModelTraffic | undefined> {
  if (mode.replay) {
    assertRoutable(context, '--replay');
    const { startReplay } = await import('./replay-traffic.js');
    return startReplay(mode.replay, context);
  }
  if (mode.record) {
    assertRoutable(context, '--record');
    assertCopilotRecordable(context.engines, context.judge, context.io.env);
    assertGeminiRecordable(context.engines, context.judge, context.io.env);
    const { startRecording } = await import('./record-traffic.js');
    return startRecording(context);
  }
  return undefined;
}
