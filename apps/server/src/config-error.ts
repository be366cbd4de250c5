/** A configuration the server refuses to start with; its message names each variable and what to set. */
export class ConfigError extends Error {}
