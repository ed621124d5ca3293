// Waits until a URL answers 200 (at most 60 s), so the app starts only after what it depends on.
const url = process.argv[2];
const deadline = Date.now() + 60_000;
for (;;) {
  try {
    if ((await fetch(url)).ok) process.exit(0);
  } catch {
    // not up yet
  }
  if (Date.now() > deadline) {
    console.error(`wait-for: ${url} did not answer within 60 s`);
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 200));
}
