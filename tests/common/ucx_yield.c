/*
 * LD_PRELOAD helper for the MPI tests of MPICH builds (see tests/CMakeLists.txt):
 * gives the core away when UCX has nothing to do, so that ranks oversubscribing
 * the cores (np 3 on 2 cores) do not starve the rank that does the work.
 *
 * MPICH 4.0's ch4 device waits in every blocking call (collectives, window
 * creation, flushes, waits) by calling its progress engine in a loop that never
 * yields (Debian's libmpich 4.0.2 does not even import sched_yield; running at
 * MPI_THREAD_MULTIPLE changed nothing). A waiting rank therefore keeps its core
 * for a whole scheduler slice while the rank it waits for sits in the run
 * queue: every synchronisation costs milliseconds. With ch4:ucx each
 * pass of that loop calls ucp_worker_progress, so this wrapper of it (found
 * before libucp's through LD_PRELOAD) calls the real function and, after
 * YIELD_AFTER passes in a row that progressed nothing, calls sched_yield.
 * Nothing else changes: the real UCX call runs every time. Processes without
 * UCX (mpiexec, its proxies) never call it.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

#include <ucp/api/ucp.h>

// Idle passes before a yield. Measured on 2 cores (test_lu, test_dgemm, test_tile_get at np 2
// and 3): 16, 64 and 256 are alike within run-to-run noise; 1 made test_lu np 2 three times
// slower (a syscall per idle pass), 4096 made the np 3 runs two to four times slower.
enum { YIELD_AFTER = 64 };

typedef unsigned (*progress_fn)(ucp_worker_h);
static progress_fn real_progress;

static progress_fn lookup(void) {
  return (progress_fn)dlsym(RTLD_NEXT, "ucp_worker_progress");
}

// Resolve at load time: every library of the program is mapped by then.
__attribute__((constructor)) static void ucx_yield_init(void) { real_progress = lookup(); }

unsigned ucp_worker_progress(ucp_worker_h worker) {
  static _Thread_local unsigned idle;
  if (!real_progress) { // libucp loaded later by dlopen
    real_progress = lookup();
    if (!real_progress) {
      fprintf(stderr, "ucx_yield: ucp_worker_progress not found after the preload\n");
      abort();
    }
  }
  unsigned events = real_progress(worker);
  if (events) {
    idle = 0;
  } else if (++idle >= YIELD_AFTER) {
    idle = 0;
    sched_yield();
  }
  return events;
}
