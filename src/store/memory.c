/* rma_memory: the bytes the tile store, its scratch buffer and the LU
 * mailbox hold, summed over every open engine context. */
#include <stddef.h>

#include "core/context.h"
#include "rma/mailbox.h"
#include "rmala.h"
#include "store/store.h"

int rma_memory(rma_memory_t *m) {
  if (!m)
    return -1;
  *m = (rma_memory_t){0};
  for (rma_context_t *c = rma_context_next(NULL); c; c = rma_context_next(c)) {
    m->store_a += rma_store_bytes(c, RMA_STORE_A);
    m->store_b += rma_store_bytes(c, RMA_STORE_B);
    m->work += rma_store_bytes(c, RMA_STORE_WORK);
    m->mailbox += rma_mailbox_bytes(c);
  }
  m->scratch = rma_store_scratch_bytes();
  m->total = m->store_a + m->store_b + m->work + m->mailbox + m->scratch;
  return 0;
}
