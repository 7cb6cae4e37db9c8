import { startTracing } from './tracing';

// First thing `@jarvis/platform` does when it loads (index.ts imports this before anything else): with an OTLP
// endpoint configured, the SDK and its instrumentations are in place before pg and ioredis are required.
startTracing();
