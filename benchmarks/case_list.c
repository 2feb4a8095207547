/*
 * case_list.c — the growing list of cases (bench_case_push) that both
 * builders fill (cases.c for a sweep, gridcheck.c for --grid-check), and
 * the shape names the output writes.
 */
#include <stdlib.h>

#include "bench.h"

void bench_case_push(bench_case_list_t *l, bench_case_t c) {
  if (l->count == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 64;
    l->v = realloc(l->v, sizeof *l->v * (size_t)l->cap);
  }
  l->v[l->count++] = c;
}

const char *bench_shape_name(bench_shape_kind_t s) {
  static const char *const names[SHAPE_COUNT] = {"square", "tall-skinny", "k-small", "explicit"};
  return names[s];
}
