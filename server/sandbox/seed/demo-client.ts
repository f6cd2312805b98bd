/** The seeded client the dashboard uses with the sandbox (the business "Aurora Outfitters"). */
export const demoClient = { clientId: 'demo', clientSecret: 'demo-secret' } as const
