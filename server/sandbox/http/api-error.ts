export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

export const badRequest = (message: string) => new ApiError(400, message)
export const unauthorized = (message = 'Invalid or missing access token') =>
  new ApiError(401, message, { 'WWW-Authenticate': 'Bearer' })
export const paymentRequired = (message: string) => new ApiError(402, message)
export const forbidden = (message = 'Forbidden') => new ApiError(403, message)
export const notFound = (what: string) => new ApiError(404, `${what} not found`)
export const conflict = (message: string) => new ApiError(409, message)
export const payloadTooLarge = (message: string) => new ApiError(413, message)
export const unprocessable = (message: string) => new ApiError(422, message)
