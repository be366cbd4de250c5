/**
 * Every server started and database created registers its undo here, so that a failure or
 * Ctrl-C still kills the servers and drops the databases (newest first).
 */
type Undo = { label: string; run: () => Promise<void> };
const undos: Undo[] = [];
let interrupted = false;

export function onCleanup(label: string, run: () => Promise<void>): () => Promise<void> {
  const undo: Undo = { label, run };
  undos.push(undo);
  return async () => {
    const index = undos.indexOf(undo);
    if (index === -1) return;
    undos.splice(index, 1);
    await run();
  };
}

export async function cleanupAll(): Promise<void> {
  while (undos.length > 0) {
    const undo = undos.pop();
    if (!undo) break;
    try {
      await undo.run();
    } catch (error) {
      console.error(`cleanup (${undo.label}) failed:`, error);
    }
  }
}

/** Runs a benchmark's main function: clean up after success, failure or a signal. */
export function runMain(main: () => Promise<void>): void {
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping servers and dropping bench databases...`);
    void cleanupAll().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  main()
    .then(async () => {
      await cleanupAll();
      process.exit(0);
    })
    .catch(async (error: unknown) => {
      console.error(error);
      await cleanupAll();
      process.exit(1);
    });
}
