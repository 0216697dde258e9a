/**
 * Each integration file starts on a clean sandbox counter and without faults: the portal and sandbox of
 * global-setup.ts are shared by every file, one after the other, and a file's counts ("nothing was written") must
 * not include what an earlier file did, nor its faults outlive it when it forgot to clear them.
 */
import { beforeAll } from "vitest";
import { clearFaultsAndCounters } from "./sandbox-control";

beforeAll(clearFaultsAndCounters);
