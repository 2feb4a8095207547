/*
 * The unit tests' check macro: CHECK(cond, printf-args) counts a failure in
 * the including file's `nfail`, prints the first 30 with file and line, and
 * returns from the (void) checking function.
 */
#ifndef RMA_TEST_UNIT_CHECK_H
#define RMA_TEST_UNIT_CHECK_H

#include <stdio.h>

#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      nfail++;                                                                                     \
      if (nfail <= 30) {                                                                           \
        printf("FAIL %s:%d: ", __FILE__, __LINE__);                                                \
        printf(__VA_ARGS__);                                                                       \
        printf("\n");                                                                              \
      }                                                                                            \
      return;                                                                                      \
    }                                                                                              \
  } while (0)

#endif
