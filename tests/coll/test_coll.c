/*
 * test_coll — the RMA collectives (rma_allgather, rma_bcast, rma_barrier) on
 * a reusable context, with shared memory on (node neighbours in place) and
 * off (RMA_OPT_SHARED_MEMORY = 0: every other rank by RMA).
 *
 * Checks, per domain setting:
 *  1. rma_allgather of 0, 1, 7, 4096 and max_bytes bytes per rank equals
 *     MPI_Allgather's result byte for byte; rma_bcast of the same sizes from
 *     every root equals MPI_Bcast's.
 *  2. NMIX back-to-back calls of mixed kinds, sizes and roots (no barrier
 *     between them) through the public API, each result compared with the
 *     bytes every rank can compute (value of byte b from rank r in call i);
 *     then the same through the engine's runs directly (no argument
 *     agreement, so no allreduce keeps the ranks in step: the sequence
 *     numbers and credits alone keep fast ranks from overwriting areas slow
 *     ones still read), with rank 0 sleeping now and then.
 *  3. rma_barrier: no rank leaves before the last one entered, after staggered
 *     entries (CLOCK_MONOTONIC, one clock for the node; MPI_Wtime is not
 *     global in Open MPI).
 *  4. Illegal arguments (bytes > max_bytes, a bad root, NULL buffers with
 *     bytes > 0 on one rank only, NULL context; on a flat context also bytes
 *     or root differing on one rank): the same negative code on
 *     every rank, output buffers untouched; NULL buffers with 0 bytes are fine.
 * Prints a summary line and the verdict; exit status 1 on any failure (every
 * check is exact).
 */
#define _POSIX_C_SOURCE 200809L
#include <mpi.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "coll/coll.h"
#include "core/context.h"
#include "rma/win.h"
#include "rmala.h"
#include "testutil.h"

#define MAXB ((size_t)65539) /* not a multiple of 8 */
#define NMIX 1500

static int rank, size, checks;

static void fail(const char *what, long a, long b) { rt_fail("%s (%ld, %ld)", what, a, b); }

static unsigned char byte_of(long call, int from, size_t b) {
  return (unsigned char)(call * 131 + from * 31 + (long)b * 7 + (long)(b >> 8) + 1);
}

static void fill(unsigned char *p, size_t n, long call, int from) {
  for (size_t b = 0; b < n; b++)
    p[b] = byte_of(call, from, b);
}

static void sweep_sizes(rma_coll_t coll) {
  const size_t sizes[] = {0, 1, 7, 4096, MAXB};
  unsigned char *send = malloc(MAXB), *got = malloc(MAXB * size), *want = malloc(MAXB * size);
  for (int s = 0; s < 5; s++) {
    size_t n = sizes[s];
    fill(send, n, s, rank);
    memset(got, 0xA5, MAXB * size);
    int rc = rma_allgather(coll, send, n, got);
    MPI_Allgather(send, (int)n, MPI_BYTE, want, (int)n, MPI_BYTE, MPI_COMM_WORLD);
    checks++;
    if (rc != 0 || memcmp(got, want, n * size) != 0 ||
        (n * size < MAXB * size && got[n * size] != 0xA5))
      fail("allgather vs MPI_Allgather", (long)n, rc);
    for (int root = 0; root < size; root++) {
      fill(got, n, 100 + s, root);
      if (rank != root)
        memset(got, 0, n);
      memcpy(want, got, n);
      rc = rma_bcast(coll, got, n, root);
      MPI_Bcast(want, (int)n, MPI_BYTE, root, MPI_COMM_WORLD);
      checks++;
      if (rc != 0 || memcmp(got, want, n) != 0)
        fail("bcast vs MPI_Bcast", (long)n, root);
    }
  }
  free(send), free(got), free(want);
}

// Call i's kind, size and root: the same on every rank.
static void mix_call(long i, int *kind, size_t *n, int *root) {
  unsigned long h = (unsigned long)i * 2654435761u;
  *kind = (int)((h >> 7) % 5); // 0,1: allgather; 2,3: bcast; 4: barrier
  size_t pick[] = {0, 1, 7, 8, 24, 100, 4096, MAXB};
  *n = pick[(h >> 11) % ((h >> 15) % 16 == 0 ? 8 : 7)];
  *root = (int)((h >> 17) % (unsigned long)size);
}

static void sleep_us(long us) {
  struct timespec ts = {0, us * 1000};
  nanosleep(&ts, NULL);
}

static void mixed(rma_coll_t coll, int engine) {
  unsigned char *send = malloc(MAXB), *got = malloc(MAXB * size);
  int bad = 0;
  rma_context_t *was = rma_context();
  if (engine)
    rma_context_use(coll->ctx);
  for (long i = 0; i < NMIX && !bad; i++) {
    int kind, root, rc = 0;
    size_t n;
    mix_call(i, &kind, &n, &root);
    if (engine && rank == 0 && i % 97 == 0)
      sleep_us(300);
    if (kind <= 1) {
      fill(send, n, i, rank);
      rc = engine ? rma_coll_allgather_run(coll, send, n, got) : rma_allgather(coll, send, n, got);
      for (int r = 0; r < size && !bad; r++)
        for (size_t b = 0; b < n && !bad; b++)
          bad = got[(size_t)r * n + b] != byte_of(i, r, b);
    } else if (kind <= 3) {
      if (rank == root)
        fill(got, n, i, root);
      else
        memset(got, 0, n);
      rc = engine ? rma_coll_bcast_run(coll, got, n, root) : rma_bcast(coll, got, n, root);
      for (size_t b = 0; b < n && !bad; b++)
        bad = got[b] != byte_of(i, root, b);
    } else {
      rc = engine ? rma_coll_barrier_run(coll) : rma_barrier(coll);
    }
    if (rc != 0)
      bad = 1;
    if (bad)
      fail(engine ? "mixed back-to-back (engine)" : "mixed back-to-back", i, kind);
  }
  checks++;
  if (engine)
    rma_context_use(was);
  // Ranks stop at their first failure: agree before the next collective.
  rt_any(bad);
  free(send), free(got);
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void barrier_order(rma_coll_t coll) {
  for (int round = 0; round < 3; round++) {
    sleep_us(2000L * ((rank + round) % size));
    double in = now(), latest;
    int rc = rma_barrier(coll);
    double out = now();
    MPI_Allreduce(&in, &latest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    checks++;
    if (rc != 0 || out < latest)
      fail("barrier left before the last entry", round, rc);
  }
}

// The same code on every rank, and buf still holding its 0x5A fill.
static void expect_code(const char *what, int rc, int want, const unsigned char *buf, size_t n) {
  checks++;
  rt_expect_all(rc, want, "%s", what);
  for (size_t b = 0; buf && b < n; b++)
    if (buf[b] != 0x5A) {
      fail(what, (long)b, buf[b]);
      break;
    }
}

static void illegal(rma_coll_t coll) {
  size_t n = 16;
  unsigned char send[16] = {1}, *got = malloc(n * size);
  int last = size - 1;
  memset(got, 0x5A, n * size);
  expect_code("allgather bytes > max", rma_allgather(coll, send, MAXB + 1, got), -3, got, n * size);
  expect_code("allgather sendbuf NULL on one rank",
              rma_allgather(coll, rank == last ? NULL : send, n, got), -2, got, n * size);
  expect_code("allgather recvbuf NULL on one rank",
              rma_allgather(coll, send, n, rank == last ? NULL : got), -4,
              rank == last ? NULL : got, n * size);
  expect_code("allgather NULL coll", rma_allgather(NULL, send, n, got), -1, got, n * size);
  expect_code("allgather NULL with 0 bytes", rma_allgather(coll, NULL, 0, NULL), 0, NULL, 0);
  expect_code("bcast root = size", rma_bcast(coll, got, n, size), -4, got, n);
  expect_code("bcast root = -1", rma_bcast(coll, got, n, -1), -4, got, n);
  expect_code("bcast bytes > max", rma_bcast(coll, got, MAXB + 1, 0), -3, got, n);
  expect_code("bcast buf NULL on one rank", rma_bcast(coll, rank == last ? NULL : got, n, 0), -2,
              rank == last ? NULL : got, n);
  expect_code("bcast NULL with 0 bytes", rma_bcast(coll, NULL, 0, 0), 0, NULL, 0);
  if (coll->flat && size > 1) {
    // The flat protocols compare bytes and root through the call headers.
    expect_code("allgather bytes differ on one rank",
                rma_allgather(coll, send, rank == last ? n - 8 : n, got), -3, got, n * size);
    expect_code("bcast bytes differ on one rank", rma_bcast(coll, got, rank == last ? 8 : n, 0), -3,
                got, n);
    expect_code("bcast root differs on one rank", rma_bcast(coll, got, n, rank == last), -4, got,
                n);
  }
  expect_code("bcast NULL coll", rma_bcast(NULL, got, n, 0), -1, got, n);
  expect_code("barrier NULL coll", rma_barrier(NULL), -1, NULL, 0);
  expect_code("create coll NULL", rma_coll_create(MPI_COMM_WORLD, 8, NULL), -3, NULL, 0);
  expect_code("create comm NULL", rma_coll_create(MPI_COMM_NULL, 8, NULL), -1, NULL, 0);
  rma_coll_t none = NULL;
  expect_code("free NULL", rma_coll_free(&none), 0, NULL, 0);
  free(got);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double t0 = MPI_Wtime();
  const char *domains[2] = {"", ""};
  for (int shared = 1; shared >= 0; shared--) {
    rma_set_option(RMA_OPT_SHARED_MEMORY, shared);
    rma_coll_t coll = NULL;
    int rc = rma_coll_create(MPI_COMM_WORLD, MAXB, &coll);
    if (rc != 0) {
      fail("rma_coll_create", rc, shared);
      break;
    }
    domains[shared] = rma_win_domains(&coll->mb->seg);
    sweep_sizes(coll);
    mixed(coll, 0);
    mixed(coll, 1);
    barrier_order(coll);
    if (shared)
      illegal(coll);
    rc = rma_coll_free(&coll);
    if (rc != 0 || coll != NULL)
      fail("rma_coll_free", rc, 0);
  }
  rma_set_option(RMA_OPT_SHARED_MEMORY, 1);
  if (rank == 0)
    printf("test_coll: np %d, domains [%s] and [%s], %d checks per rank, %d mixed calls x 4, "
           "%.2f s\n",
           size, domains[1], domains[0], checks, NMIX, MPI_Wtime() - t0);
  int status = rt_finish("test_coll", NULL, 0);
  rma_finalize();
  MPI_Finalize();
  return status;
}
