/** A mistake in the environment or the command line, told to the person starting the server. */
export class DashboardConfigError extends Error {}
