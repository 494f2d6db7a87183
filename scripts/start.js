// `npm start`: build once when there is no build yet, then serve it.
import { ensureBuild } from "./ensure-build.js";

ensureBuild();
const { main } = await import("../server.js");
await main();
