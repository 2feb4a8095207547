#define _GNU_SOURCE
#include "core/sim.h"

#include <stdlib.h>

#ifdef RMALA_SIMULATE
#include <smpi/smpi.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

int rma_sim_shared(void) {
#ifdef RMALA_SIMULATE
  const char *s = getenv("RMALA_SIM_SHARED");
  return s && atoi(s) != 0;
#else
  return 0;
#endif
}

int rma_sim_compute(void) {
#ifdef RMALA_SIMULATE
  const char *c = getenv("RMALA_SIM_COMPUTE");
  return !rma_sim_shared() && !(c && *c && atoi(c) == 0);
#else
  return 1;
#endif
}

#ifdef RMALA_SIMULATE
// SMPI 3.32 loses the private bytes of a transfer that starts inside a
// private block of a partially shared allocation but not at the block's start
// (shift_and_frame_private_blocks subtracts unsigned offsets), so it skips the
// copy: headers and counters put into a mailbox's private part arrived as
// zeros and LU across nodes waited forever. Memory whose private part is the
// target of transfers is therefore folded here, invisibly to SMPI: an
// anonymous private head, then the same pages of one memory file mapped again
// and again (SMPI copies every byte of its transfers: right in the head,
// meaningless but harmless in the folded part).
enum { FOLD_BYTES = 64 << 20, MAX_FOLDED = 4096 };
static int fold_fd = -1;
static struct {
  void *p;
  size_t bytes;
} folded[MAX_FOLDED];

void *rma_sim_folded_alloc(size_t bytes, size_t head) {
  if (!rma_sim_shared())
    return malloc(bytes > 0 ? bytes : 1);
  const size_t page = 4096;
  head = (head + page - 1) / page * page;
  if (head >= bytes)
    return malloc(bytes > 0 ? bytes : 1);
  int slot = 0;
  while (slot < MAX_FOLDED && folded[slot].p)
    slot++;
  if (slot == MAX_FOLDED)
    return NULL;
  if (fold_fd < 0) {
    fold_fd = memfd_create("rmala-sim-fold", 0);
    if (fold_fd < 0 || ftruncate(fold_fd, FOLD_BYTES) != 0)
      return NULL;
  }
  char *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    return NULL;
  for (size_t at = head; at < bytes; at += FOLD_BYTES) {
    size_t len = bytes - at < FOLD_BYTES ? bytes - at : FOLD_BYTES;
    if (mmap(p + at, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fold_fd, 0) == MAP_FAILED) {
      munmap(p, bytes);
      return NULL;
    }
  }
  folded[slot].p = p, folded[slot].bytes = bytes;
  return p;
}
#else
void *rma_sim_folded_alloc(size_t bytes, size_t head) {
  (void)head;
  return malloc(bytes > 0 ? bytes : 1);
}
#endif

#ifdef RMALA_SIMULATE
// The shared parts [from, end) of the live rma_sim_bulk_alloc allocations
// (base: what it returned), for rma_sim_meaningless. A full table leaves
// later ones unlisted: their transfers are then copied as before.
enum { MAX_BULK = 256 };
static struct {
  const char *base, *from, *end;
} bulk[MAX_BULK];

static void bulk_note(const char *base, size_t head, size_t bytes) {
  for (int i = 0; i < MAX_BULK; i++)
    if (!bulk[i].base) {
      bulk[i].base = base, bulk[i].from = base + head, bulk[i].end = base + bytes;
      return;
    }
}

static void bulk_forget(const void *base) {
  for (int i = 0; i < MAX_BULK; i++)
    if (bulk[i].base == base) {
      bulk[i].base = bulk[i].from = bulk[i].end = NULL;
      return;
    }
}
#endif

int rma_sim_meaningless(const void *p, size_t len) {
#ifdef RMALA_SIMULATE
  const char *a = p;
  for (int i = 0; a && i < MAX_BULK; i++)
    if (bulk[i].base && a >= bulk[i].from && a < bulk[i].end)
      return len <= (size_t)(bulk[i].end - a);
#else
  (void)p, (void)len;
#endif
  return 0;
}

void *rma_sim_bulk_alloc(size_t bytes, size_t head) {
#ifdef RMALA_SIMULATE
  if (rma_sim_shared()) {
    const size_t page = 4096;
    head = (head + page - 1) / page * page;
    if (head >= bytes)
      return malloc(bytes > 0 ? bytes : 1);
    // The shared part [head, bytes): SMPI maps the same file blocks there for
    // every rank (smpi/shared-malloc:global, the default).
    size_t offsets[2] = {head, bytes};
    char *p = smpi_shared_malloc_partial(bytes, offsets, 1);
    if (p)
      bulk_note(p, head, bytes);
    return p;
  }
#else
  (void)head;
#endif
  return malloc(bytes > 0 ? bytes : 1);
}

void rma_sim_bulk_free(void *p) {
#ifdef RMALA_SIMULATE
  for (int i = 0; p && i < MAX_FOLDED; i++)
    if (folded[i].p == p) {
      munmap(p, folded[i].bytes);
      folded[i].p = NULL;
      return;
    }
  // SMPI's shared free also frees plain malloc'ed memory (not in its table).
  if (p) {
    bulk_forget(p);
    smpi_shared_free(p);
  }
#else
  free(p);
#endif
}
