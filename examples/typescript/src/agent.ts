// The executor the AI SDK tools and the MCP server share: every call goes
// through it, so the grants, the risk ceiling, the approvals and the step
// budget hold whichever way the model reaches the tools.

import { createExecutor, type AuditRecord, type CallRequest, type Executor, type ExecutorOptions } from "../generated/filesystem.js";
import { handlers } from "./handlers.js";
import { Workspace } from "./workspace.js";

export interface AgentPolicy {
  /** Asked before each call of a tool marked `@confirm` (writes, moves, deletes). */
  readonly approve?: (request: CallRequest) => boolean | Promise<boolean>;
  /** Where the audit records go. */
  readonly audit?: (record: AuditRecord) => void;
  /** Tool calls per session; the model is warned when 3 remain. */
  readonly maxCalls?: number;
  readonly tiers?: ExecutorOptions["tiers"];
  /** Where the `@rate_limit` windows live (Redis, for replicas); default: memory. */
  readonly rateLimitStore?: ExecutorOptions["rateLimitStore"];
  /** Follows every call (spans and the duration metric). */
  readonly telemetry?: ExecutorOptions["telemetry"];
}

/**
 * The workspace's executor: reading and writing are granted, deleting is
 * not (`delete_paths` and `remove_file` are refused, and not offered), and
 * nothing above high risk runs.
 */
export function workspaceExecutor(root: string, policy: AgentPolicy = {}): Executor {
  return createExecutor(handlers(new Workspace(root)), {
    grants: ["fs:read", "fs:write"],
    maxRisk: "high",
    stepBudget: { max: policy.maxCalls ?? 25, warnAt: 3 },
    ...(policy.approve === undefined ? {} : { approve: policy.approve }),
    ...(policy.audit === undefined ? {} : { audit: policy.audit }),
    ...(policy.tiers === undefined ? {} : { tiers: policy.tiers }),
    ...(policy.rateLimitStore === undefined ? {} : { rateLimitStore: policy.rateLimitStore }),
    ...(policy.telemetry === undefined ? {} : { telemetry: policy.telemetry }),
  });
}
