/** A started reporter: Sentry's browser SDK, behind the two things the app asks of it. */
export type ErrorSink = {
  report(error: unknown): void;
  close(): Promise<void>;
};
