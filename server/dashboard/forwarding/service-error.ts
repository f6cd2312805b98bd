/** A failure talking to the video service, with the status and message the browser gets. */
export class ServiceError extends Error {
  constructor(
    readonly status: 502 | 504,
    message: string,
  ) {
    super(message)
  }
}

export const unreachable = () => new ServiceError(502, 'The video service is unreachable')
export const tooSlow = () => new ServiceError(504, 'The video service did not answer in time')
