/* rma_memory: the bytes the tile store, its scratch buffer and the LU mailbox hold. */
#include "rma/mailbox.h"
#include "rmala.h"
#include "store/store.h"

int rma_memory(rma_memory_t *m) {
  if (!m)
    return -1;
  m->store_a = rma_store_bytes(RMA_STORE_A);
  m->store_b = rma_store_bytes(RMA_STORE_B);
  m->work = rma_store_bytes(RMA_STORE_WORK);
  m->mailbox = rma_mailbox_bytes();
  m->scratch = rma_store_scratch_bytes();
  m->total = m->store_a + m->store_b + m->work + m->mailbox + m->scratch;
  return 0;
}
