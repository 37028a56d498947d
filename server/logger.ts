import pino from "pino";
import { currentRequestId } from "./http/request-id.ts";

export type Logger = pino.Logger;

/** JSON lines; a line written while a request is served carries its `reqId` (request-id.ts). */
export function createLogger(
  level: pino.LevelWithSilent,
  destination?: pino.DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    mixin: () => {
      const reqId = currentRequestId();
      return reqId ? { reqId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
