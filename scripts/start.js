// `npm start`: build when there is no build yet or the sources changed since, then serve it.
import { ensureBuild } from "./ensure-build.js";

ensureBuild();
const { main } = await import("../server.js");
await main();
