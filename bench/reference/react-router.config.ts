import type { Config } from "@react-router/dev/config";

// React Router's stock template, as `npm create react-router` sets it up: server rendering on.
export default { ssr: true, buildDirectory: process.env.BUILD_DIR ?? "build" } satisfies Config;
