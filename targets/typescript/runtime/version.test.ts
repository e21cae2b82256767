import assert from "node:assert/strict";
import { test } from "node:test";

import { RUNTIME_VERSION, requireRuntimeVersion } from "./toolc-runtime.js";

const [major = 0, minor = 0, patch = 0] = RUNTIME_VERSION.split(".").map(Number);

test("a module written for this version, or an older compatible one, loads", () => {
  requireRuntimeVersion(RUNTIME_VERSION, "design");
  if (patch > 0) requireRuntimeVersion(`${major}.${minor}.${patch - 1}`, "design");
  if (major > 0 && minor > 0) requireRuntimeVersion(`${major}.${minor - 1}.0`, "design");
});

test("a module written for a newer or incompatible version does not", () => {
  const breaking = major === 0 ? `0.${minor + 1}.0` : `${major + 1}.0.0`;
  for (const wanted of [`${major}.${minor}.${patch + 1}`, breaking, `${major + 1}.${minor}.${patch}`, "not a version"]) {
    assert.throws(
      () => requireRuntimeVersion(wanted, "design"),
      (e: unknown) =>
        e instanceof Error &&
        e.message ===
          `the toolc package module "design" was written for toolc-runtime ${wanted}, but toolc-runtime ${RUNTIME_VERSION} is installed: ` +
            `install toolc-runtime@^${wanted}, or build the module again with a toolc that writes for ${RUNTIME_VERSION}`,
      wanted,
    );
  }
  if (major === 0 && minor > 0) {
    assert.throws(() => requireRuntimeVersion(`0.${minor - 1}.0`, "design"), /written for toolc-runtime 0\./);
  }
});
