/** Thrown inside a check to end it early with an outcome that is not pass or fail. */
export class SkipSignal extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export class InconclusiveSignal extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}
