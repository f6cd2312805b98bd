import type { MiddlewareHandler } from 'hono'
import type { DashboardEnv } from '../http/context.ts'
import type { Principal, SignIn } from './sign-in-routes.ts'

/**
 * Makes the signed-in account available to what follows. It is read from the session store only
 * when something asks (a static file never does), and once per request.
 */
export function session(signIn: Pick<SignIn, 'principalOf'>): MiddlewareHandler<DashboardEnv> {
  return async (c, next) => {
    let principal: Promise<Principal | null> | undefined
    c.set('principal', () => {
      principal ??= signIn.principalOf(c.env.incoming)
      return principal
    })
    await next()
  }
}
