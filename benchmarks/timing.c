/*
 * timing.c — barrier timing with a warm-up, best and median of the repeats,
 * and the peak resident memory over the ranks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#include "bench.h"

// One return code for all ranks: the most negative if any rank failed with a
// negative code, else the largest (positive codes are numerical, e.g. a zero
// pivot). Collective.
int bench_agree_rc(const bench_env_t *env, int rc) {
  int lo, hi;
  MPI_Allreduce(&rc, &lo, 1, MPI_INT, MPI_MIN, env->comm);
  MPI_Allreduce(&rc, &hi, 1, MPI_INT, MPI_MAX, env->comm);
  return lo < 0 ? lo : hi;
}

// A barrier that sleeps between polls, so a waiting rank does not spin on a
// core that another process's BLAS threads need. The sleep doubles from 20 us
// to 2 ms: polling every 50 us cost the 2-thread limit dgemm 40% of its rate
// (58 instead of 100 GFLOP/s at n = 4096); the 2 ms cap adds at most 2 ms to
// the measured time.
static void idle_barrier(MPI_Comm comm) {
  MPI_Request req;
  int done = 0;
  long ns = 20000;
  MPI_Ibarrier(comm, &req);
  for (MPI_Test(&req, &done, MPI_STATUS_IGNORE); !done; MPI_Test(&req, &done, MPI_STATUS_IGNORE)) {
    struct timespec ts = {0, ns};
    nanosleep(&ts, NULL);
    ns = ns < 1000000 ? 2 * ns : 2000000;
  }
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

// Runs t->setup (untimed) then t->call (timed between two barriers) once as
// a warm-up and then `repeat` times. The time of a run is the largest over
// the ranks; *first gets the warm-up's time, *best and *median those of the
// repeats. Returns the first non-zero code (agreed over ranks) and stops
// there; *runs counts the timed runs completed. Collective.
int bench_time(const bench_env_t *env, int repeat, const bench_timed_t *t, double *first,
               double *best, double *median, int *runs) {
  double *times = malloc(sizeof(double) * (size_t)repeat);
  int rc = 0;
  *runs = 0;
  *first = *best = *median = -1.0;
  for (int run = 0; run <= repeat; run++) {
    if (t->setup && (rc = bench_agree_rc(env, t->setup(t->ctx))))
      break;
    MPI_Barrier(env->comm);
    double t0 = MPI_Wtime();
    int crc = t->call(t->ctx);
    if (t->idle_wait)
      idle_barrier(env->comm);
    else
      MPI_Barrier(env->comm);
    double dt = MPI_Wtime() - t0;
    if ((rc = bench_agree_rc(env, crc)))
      break;
    MPI_Allreduce(MPI_IN_PLACE, &dt, 1, MPI_DOUBLE, MPI_MAX, env->comm);
    if (run == 0) {
      *first = dt; // the warm-up
      continue;
    }
    times[(*runs)++] = dt;
  }
  if (*runs > 0) {
    qsort(times, (size_t)*runs, sizeof(double), cmp_double);
    *best = times[0];
    *median = *runs % 2 ? times[*runs / 2] : 0.5 * (times[*runs / 2 - 1] + times[*runs / 2]);
  }
  free(times);
  return rc;
}

// bench_time for the case of row r, its times into r: the case's own repeat
// count or --repeat; time_first is the first call, time_warm the best repeat,
// and time_best (the reported time) the first call for first_call cases,
// else the best repeat. Returns bench_time's code. Collective.
int bench_time_row(const bench_env_t *env, const bench_opts_t *o, const bench_timed_t *t,
                   bench_result_t *r) {
  int repeat = r->c.repeat > 0 ? r->c.repeat : o->repeat;
  int rc = bench_time(env, repeat, t, &r->time_first, &r->time_warm, &r->time_median, &r->repeats);
  r->time_best = r->c.first_call ? r->time_first : r->time_warm;
  return rc;
}

// Largest peak resident set (getrusage ru_maxrss, a high-water mark over the
// life of the process) over the ranks, in MiB. Collective.
double bench_peak_rss_mb(const bench_env_t *env) {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  double mb = (double)ru.ru_maxrss / 1024.0; // Linux reports KiB
  MPI_Allreduce(MPI_IN_PLACE, &mb, 1, MPI_DOUBLE, MPI_MAX, env->comm);
  return mb;
}

// The 1-minute load average of this node (/proc/loadavg), or -1. Local.
double bench_loadavg(void) {
  double l = -1.0;
  FILE *f = fopen("/proc/loadavg", "r");
  if (f) {
    if (fscanf(f, "%lf", &l) != 1)
      l = -1.0;
    fclose(f);
  }
  return l;
}
